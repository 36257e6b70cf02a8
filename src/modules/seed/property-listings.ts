import type { FeedImage, FeedLine, FeedObservation, FeedPropertyAttributes } from "./observation.types.js";
import { descriptionFor, titleFor } from "./listing-texts.js";
import { displayedCityName } from "./places.js";
import { imageUrl, listingId, listingUrl, withTracking } from "./portals.js";
import type { PropertySpec } from "./property-spec.js";
import type { Publisher } from "./publishers.js";
import type { Random } from "./random.js";
import { asciiWord } from "./names.js";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** ISO 8601 in UTC, to the second, as collectors write it. */
export function isoInstant(time: number): string {
  return new Date(time).toISOString().replace(/\.\d{3}Z$/, "Z");
}

/** Fields some portals do not publish: the same property is described with less detail there. */
const OMITTED_BY_PORTAL: Readonly<Record<string, ReadonlyArray<keyof FeedPropertyAttributes>>> = {
  "leboncoin.fr": ["bathroomCount", "toiletCount", "floorCount", "orientation", "constructionYear", "caretakerExists", "intercomExists"],
  "pap.fr": ["orientation", "caretakerExists", "intercomExists"],
  "paruvendu.fr": ["balconyArea", "terraceArea", "orientation", "toiletCount"],
};

export type Publication = { domain: string; publisher: Publisher; publishedAt: number };

/** One classified per publication of `spec`, each as its portal shows it. */
export function initialObservations(
  random: Random,
  spec: PropertySpec,
  publications: readonly Publication[],
  ids: { next(): number; offset: number },
): FeedObservation[] {
  const descriptions = new Map<Publisher, string>();
  const exclusive = random.chance(0.3) && new Set(publications.map((p) => p.publisher)).size === 1;
  return publications.map(({ domain, publisher, publishedAt }) => {
    const id = listingId(ids.next(), ids.offset, 9);
    const professional = publisher.kind !== "private";
    const agent = random.pick(publisher.agents);
    let description = descriptions.get(publisher);
    if (description === undefined) {
      description = descriptionFor(random, spec, professional);
      descriptions.set(publisher, description);
    }
    const area = spec.attributes.area !== undefined && random.chance(0.3) ? Math.round(spec.attributes.area) : spec.attributes.area;
    const priceFactor = publisher === publications[0]?.publisher ? (random.chance(0.3) ? random.float(0.985, 1.02) : 1) : random.float(0.97, 1.04);
    const price = spec.transaction === "sale" ? Math.round((spec.price * priceFactor) / 100) * 100 : Math.round((spec.price * priceFactor) / 5) * 5;
    const omitted = new Set(OMITTED_BY_PORTAL[domain] ?? []);
    const attributes = Object.fromEntries(
      Object.entries({ ...spec.attributes, area }).filter(([key, value]) => value !== undefined && !omitted.has(key as keyof FeedPropertyAttributes)),
    ) as FeedPropertyAttributes; // Built from a FeedPropertyAttributes by dropping keys: still one.
    const upperLabels = random.chance(0.5);
    const images: FeedImage[] = spec.pictures
      .slice(0, domain === "leboncoin.fr" ? Math.min(spec.pictures.length, 10) : spec.pictures.length)
      .map((picture, position) => ({ url: imageUrl(domain, id, position), ...picture }));
    const slug = publisher.kind === "private" ? "particulier" : asciiWord(publisher.name);
    const observation: FeedObservation = {
      source: { domain, url: withTracking(random, listingUrl(domain, spec, id, slug)) },
      observedAt: isoInstant(publishedAt + random.int(1, 36) * HOUR),
      status: "available",
      publishedAt: isoInstant(publishedAt),
      title: titleFor(domain, spec, area),
      description: domain === "logic-immo.com" || domain === "figaroimmo.fr" ? `${description} Réf. ${id.slice(-6)}` : description,
      publisher:
        publisher.kind === "private"
          ? { isProfessional: false }
          : {
              isProfessional: true,
              type: publisher.kind,
              name: publisher.name,
              email: publisher.email,
              phone: publisher.phone,
              feesUrl: publisher.feesUrl,
              siret: publisher.siret,
              ...(random.chance(0.3) ? { siren: publisher.siren } : {}),
            },
      contact: {
        name: agent.name,
        ...(agent.email ? { email: agent.email } : {}),
        phone: agent.phone,
        isRefusingSolicitation: professional ? false : random.chance(0.7),
      },
      location: {
        postcode: spec.postcode,
        ...(random.chance(0.3) ? { inseeCode: spec.place.inseeCode } : {}),
        city: { name: displayedCityName(spec.place) },
        ...(spec.coordinates && random.chance(0.8) ? spec.coordinates : {}),
      },
      property: attributes,
      ...(spec.energy
        ? {
            energy: {
              dpe: { ...spec.energy.dpe, label: upperLabels ? spec.energy.dpe.label.toUpperCase() : spec.energy.dpe.label },
              ges: { ...spec.energy.ges, label: upperLabels ? spec.energy.ges.label.toUpperCase() : spec.energy.ges.label },
              ...(spec.energy.heating && domain !== "pap.fr" ? { heating: spec.energy.heating } : {}),
            },
          }
        : {}),
      transaction: { type: spec.transaction, price, ...(professional ? { isExclusiveMandate: exclusive } : {}) },
      media: { images },
    };
    return observation;
  });
}

/**
 * What happens to the listings later, in time order per listing: price drops (the main publisher lowers the
 * price on every portal), the odd "under offer", removals. Nothing later than `until`.
 */
export function laterObservations(random: Random, spec: PropertySpec, initial: readonly FeedObservation[], until: number): FeedLine[] {
  const lines: FeedLine[] = [];
  let last = Math.max(...initial.map((o) => Date.parse(o.observedAt)));
  let current = initial;
  const mainPublisher = initial[0]?.publisher?.name;
  if (random.chance(spec.transaction === "sale" ? 0.18 : 0.08)) {
    const at = last + random.int(14, 75) * DAY;
    const factor = random.float(0.92, 0.98);
    if (at + initial.length * HOUR < until) {
      current = current.map((observation, index) => {
        if (observation.publisher?.name !== mainPublisher) return observation;
        const price = Math.round((observation.transaction.price * factor) / 100) * 100;
        const dropped = { ...observation, observedAt: isoInstant(at + index * HOUR), transaction: { ...observation.transaction, price } };
        lines.push(dropped);
        return dropped;
      });
      last = at + current.length * HOUR;
    }
  }
  if (random.chance(0.03)) {
    const at = last + random.int(10, 60) * DAY;
    if (at + initial.length * HOUR < until) {
      current = current.map((observation, index) => {
        const underOffer: FeedObservation = { ...observation, observedAt: isoInstant(at + index * HOUR), status: "underOffer" };
        lines.push(underOffer);
        return underOffer;
      });
      last = at + current.length * HOUR;
    }
  }
  if (random.chance(0.12)) {
    const at = last + random.int(5, 90) * DAY;
    if (at + initial.length * HOUR < until) {
      current.forEach((observation, index) => {
        const observedAt = isoInstant(at + index * HOUR);
        lines.push(
          random.chance(0.6) ? { source: { url: observation.source.url }, observedAt, status: "removed" } : { ...observation, observedAt, status: "removed" },
        );
      });
    }
  }
  return lines;
}
