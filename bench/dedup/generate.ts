/**
 * A realistic noisy feed for evaluating property grouping, made from a model of the real world, not from the
 * grouping rules: real-world objects (flats, houses) in seven real communes, each published on one to four
 * portals by the same or by different publishers, with the noise portals show. The truth (which listing shows
 * which object, and how each listing was made) is returned apart from the feed.
 *
 * What is modelled (README.md beside this file has the list and the reasons):
 * - one agency copying its advert to several portals (same text, photos recompressed, one sometimes dropped);
 * - the owner on pap.fr or leboncoin and agencies elsewhere: own photos (or a few reused), area measured
 *   differently (carrez or floor area, whole m²), the living room counted as a room or not, fees in the price,
 *   own texts, missing floor, energy value or bedrooms;
 * - evolution: price cuts, status changes, removals and re-listing under a new URL, a corrected area, a listing
 *   first filed under the neighbouring commune;
 * - look-alikes that are distinct objects: units of one new-build programme (one promoter, shared renders, one
 *   plan, different floors and prices), flats of one building, two similar flats of one agency, mandatary
 *   networks publishing thousands of agents' listings under one SIRET, agency logos on every photo set.
 */
import { PLACES, type Place } from "./places.js";
import { Random, siretFrom } from "./random.js";
import { advertText } from "./texts.js";

export type GenerateOptions = { objects: number; seed: number };

/** How a listing was made, for the report's categories. */
export type ListingTruth = {
  url: string;
  objectId: number;
  publisher: string;
  professional: boolean;
  /** The listing re-publishes an earlier one of the same publisher under a new URL. */
  relistingOf: string | null;
  sharesPhotosWithOriginal: boolean;
  /** Hard-negative families the object belongs to: `programme:3`, `building:12`, `twins:4`. */
  families: string[];
  /** Block identity of the truth object (commune, type, transaction), for the look-alike pairs. */
  block: string;
  area: number;
  rooms: number;
};

export type GeneratedFeed = { lines: string[]; truth: ListingTruth[] };

type Kind = "apartment" | "house";
type Energy = { label: string; value: number };

type TruthObject = {
  id: number;
  place: Place;
  kind: Kind;
  transaction: "sale" | "rent";
  area: number;
  landArea: number | null;
  rooms: number;
  bedrooms: number;
  floor: number | null;
  year: number;
  dpe: Energy;
  ges: Energy;
  price: number;
  latitude: number;
  longitude: number;
  photos: string[];
  flags: { balconyExists: boolean; elevatorExists: boolean; cellarExists: boolean; parkingExists: boolean; gardenExists: boolean };
  isNew: boolean;
  families: string[];
  /** The publisher that has the mandate first (a promoter for programme units). */
  lister: Publisher | null;
};

type Publisher = {
  key: string;
  name: string;
  professional: boolean;
  type: "agency" | "mandatary" | undefined;
  siret: string | undefined;
  phone: string;
  email: string;
  logo: string | null;
  style: number;
};

const PORTALS = [
  {
    domain: "seloger.com",
    url: (id: number, o: TruthObject) =>
      `https://www.seloger.com/annonces/${o.transaction === "sale" ? "achat" : "locations"}/${o.kind === "house" ? "maison" : "appartement"}/${slug(o.place.name)}/${id}.htm`,
  },
  { domain: "leboncoin.fr", url: (id: number) => `https://www.leboncoin.fr/ad/ventes_immobilieres/${id}` },
  { domain: "pap.fr", url: (id: number, o: TruthObject) => `https://www.pap.fr/annonces/${o.kind}-${slug(o.place.name)}-r${id}` },
  { domain: "bienici.com", url: (id: number) => `https://www.bienici.com/annonce/${id}?utm_source=feed` },
  { domain: "logic-immo.com", url: (id: number) => `https://www.logic-immo.com/detail-vente-${id}.htm` },
  { domain: "lefigaro.fr", url: (id: number) => `https://immobilier.lefigaro.fr/annonces/annonce-${id}.html` },
  { domain: "avendrealouer.fr", url: (id: number) => `https://www.avendrealouer.fr/vente/${id}.html#photos` },
] as const;

const NETWORKS = ["iad France", "SAFTI", "Capifrance"] as const;

/** Kilometres in a degree of latitude (and of longitude at the equator). */
const KM_PER_DEGREE = 111.2;

export function generateFeed(options: GenerateOptions): GeneratedFeed {
  const random = new Random(options.seed);
  const world = new World(random);
  const objects = world.objects(options.objects);
  const lines: Array<{ at: number; text: string; order: number }> = [];
  const truth: ListingTruth[] = [];
  let order = 0;
  for (const object of objects) {
    for (const listing of world.listingsOf(object)) {
      truth.push(listing.truth);
      for (const observation of listing.observations)
        lines.push({ at: Date.parse(String(observation["observedAt"])), text: JSON.stringify(observation), order: (order += 1) });
    }
  }
  // A collector's feed comes in time order.
  lines.sort((a, b) => a.at - b.at || a.order - b.order);
  return { lines: lines.map((line) => line.text), truth };
}

class World {
  #listingId = 100_000;
  #objectId = 0;
  #family = 0;
  readonly #agencies = new Map<string, Publisher[]>();
  readonly #networks = new Map<string, Publisher[]>();

  constructor(private readonly random: Random) {}

  objects(count: number): TruthObject[] {
    const objects: TruthObject[] = [];
    while (objects.length < count) {
      const place = this.random.pick(PLACES);
      const roll = this.random.next();
      if (roll < 0.06) objects.push(...this.programme(place));
      else if (roll < 0.16) objects.push(...this.building(place));
      else if (roll < 0.22) objects.push(...this.twins(place));
      else objects.push(this.object(place));
    }
    return objects.slice(0, count);
  }

  object(place: Place, overrides: Partial<TruthObject> = {}): TruthObject {
    const random = this.random;
    const kind: Kind = random.next() < place.houses ? "house" : "apartment";
    const transaction = random.next() < 0.25 ? "rent" : "sale";
    const area = kind === "house" ? random.between(60, 220) : Math.max(14, random.gaussian(58, 25));
    const rooms = Math.max(1, Math.min(8, Math.round(area / 22 + random.between(-0.6, 0.6))));
    const perSquareMeter = transaction === "sale" ? place.salePerSquareMeter : place.rentPerSquareMeter;
    const dpeLabel = random.pick(["b", "c", "c", "d", "d", "d", "e", "e", "f", "g"]);
    const base: TruthObject = {
      id: (this.#objectId += 1),
      place,
      kind,
      transaction,
      area: round1(area),
      landArea: kind === "house" ? Math.round(random.between(150, 1_500)) : null,
      rooms,
      bedrooms: Math.max(0, rooms - 1),
      floor: kind === "house" ? null : random.int(0, 7),
      year: random.int(1880, 2018),
      dpe: { label: dpeLabel, value: dpeValueFor(dpeLabel, random) },
      ges: { label: random.pick(["b", "c", "d", "e"]), value: random.int(5, 70) },
      price: roundPrice(area * perSquareMeter * random.between(0.8, 1.25), transaction),
      latitude: place.latitude + random.between(-1, 1) * (place.spreadKm / KM_PER_DEGREE),
      longitude: place.longitude + random.between(-1, 1) * (place.spreadKm / (KM_PER_DEGREE * Math.cos((place.latitude * Math.PI) / 180))),
      photos: Array.from({ length: random.int(4, 12) }, () => random.hash64()),
      flags: {
        balconyExists: random.next() < 0.4,
        elevatorExists: kind === "apartment" && random.next() < 0.55,
        cellarExists: random.next() < 0.4,
        parkingExists: random.next() < 0.3,
        gardenExists: kind === "house" || random.next() < 0.05,
      },
      isNew: false,
      families: [],
      lister: null,
    };
    return { ...base, ...overrides };
  }

  /** Units of one new-build programme: one promoter, the same renders and plan, different floors and prices. */
  programme(place: Place): TruthObject[] {
    const family = `programme:${(this.#family += 1)}`;
    const promoter = this.agency(place, "promoter");
    const renders = Array.from({ length: 3 }, () => this.random.hash64());
    const area = this.random.between(38, 85);
    const rooms = Math.max(1, Math.round(area / 22));
    const floors = this.random.shuffle([0, 1, 2, 3, 4, 5, 6]).slice(0, this.random.int(3, 7));
    const base = this.object(place, { transaction: "sale" });
    return floors.map((floor) =>
      this.object(place, {
        kind: "apartment",
        transaction: "sale",
        area: round1(area * this.random.between(0.985, 1.015)),
        rooms,
        bedrooms: rooms - 1,
        floor,
        year: 2026,
        dpe: { label: "a", value: this.random.int(45, 69) },
        ges: { label: "a", value: this.random.int(2, 5) },
        price: roundPrice(area * place.salePerSquareMeter * 1.18 * (1 + floor * 0.015), "sale"),
        latitude: base.latitude,
        longitude: base.longitude,
        photos: [...renders, this.random.hash64()],
        isNew: true,
        families: [family],
        lister: promoter,
      }),
    );
  }

  /** Flats of one building: one address, similar sizes, different floors; often one agency for several. */
  building(place: Place): TruthObject[] {
    const family = `building:${(this.#family += 1)}`;
    const base = this.object(place, { kind: "apartment" });
    const agency = this.random.next() < 0.5 ? this.agency(place) : null;
    return Array.from({ length: this.random.int(2, 4) }, (_, index) =>
      this.object(place, {
        kind: "apartment",
        transaction: base.transaction,
        area: round1(base.area * this.random.between(0.95, 1.05)),
        rooms: base.rooms,
        bedrooms: base.bedrooms,
        floor: (base.floor ?? 0) + index + 1,
        year: base.year,
        latitude: base.latitude,
        longitude: base.longitude,
        price: roundPrice(base.price * this.random.between(0.95, 1.06), base.transaction),
        families: [family],
        lister: agency,
      }),
    );
  }

  /** Two similar flats of one agency in one commune. */
  twins(place: Place): TruthObject[] {
    const family = `twins:${(this.#family += 1)}`;
    const agency = this.agency(place);
    const first = this.object(place, { kind: "apartment", families: [family], lister: agency });
    const second = this.object(place, {
      kind: "apartment",
      transaction: first.transaction,
      area: round1(first.area * this.random.between(0.96, 1.04)),
      rooms: first.rooms,
      bedrooms: first.bedrooms,
      price: roundPrice(first.price * this.random.between(0.94, 1.06), first.transaction),
      families: [family],
      lister: agency,
    });
    return [first, second];
  }

  /** The classifieds of one object: 1 to 4 publications, each with its observations in time order. */
  *listingsOf(object: TruthObject): Generator<{ truth: ListingTruth; observations: Record<string, unknown>[] }> {
    const random = this.random;
    const count = object.isNew ? random.pick([1, 1, 2]) : random.pick([1, 1, 1, 2, 2, 2, 3, 3, 4]);
    const first = object.lister ?? this.firstPublisher(object);
    const firstSeen = Date.UTC(2026, 8, 1) + random.int(0, 60) * 86_400_000 + random.int(0, 86_399) * 1000;
    const portals = random.shuffle([...PORTALS]);
    const listings: Array<{ publisher: Publisher; copyOf: Publisher | null; portal: (typeof PORTALS)[number] }> = [];
    for (let index = 0; index < count; index += 1) {
      const portal = portals[index % portals.length] as (typeof PORTALS)[number];
      if (index === 0) listings.push({ publisher: first, copyOf: null, portal });
      else if (first.professional && random.next() < 0.55)
        listings.push({ publisher: first, copyOf: first, portal }); // multi-diffusion
      else listings.push({ publisher: random.next() < 0.25 && first.professional ? this.owner() : this.agency(object.place), copyOf: null, portal });
    }
    for (const [index, { publisher, portal }] of listings.entries()) {
      const start = firstSeen + (index === 0 ? 0 : random.int(0, 20) * 86_400_000 + random.int(0, 86_399) * 1000);
      const published = this.publication(object, publisher, portal, start);
      yield published;
      // Removed, then published again by the same publisher under a new URL.
      if (random.next() < 0.06) {
        const again = this.publication(object, publisher, portal, start + random.int(30, 45) * 86_400_000, published.truth.url);
        yield again;
      }
    }
  }

  publication(
    object: TruthObject,
    publisher: Publisher,
    portal: (typeof PORTALS)[number],
    start: number,
    relistingOf: string | null = null,
  ): { truth: ListingTruth; observations: Record<string, unknown>[] } {
    const random = this.random;
    const url = portal.url((this.#listingId += random.int(1, 50)), object);
    // What this publisher shows of the object: a copy keeps the publisher's own version.
    const version = this.versionFor(object, publisher);
    const observations: Record<string, unknown>[] = [];
    let at = start;
    let place = object.place;
    let areaTypo: number | null = null;
    if (random.next() < 0.02) place = { ...object.place, ...object.place.neighbour }; // filed under the neighbour
    if (random.next() < 0.03 && version.area !== null) areaTypo = round1(version.area * random.pick([10, 0.1, 1.3]));
    let price = version.price;
    let status = "available";
    const observe = () =>
      observations.push(
        this.observation(object, publisher, portal.domain, url, new Date(at), place, { ...version, area: areaTypo ?? version.area, price }, status),
      );
    observe();
    const steps = random.int(0, 4);
    for (let step = 0; step < steps; step += 1) {
      at += random.int(1, 15) * 86_400_000;
      const roll = random.next();
      if (roll < 0.35) price = roundPrice(price * random.between(0.92, 0.98), object.transaction);
      else if (roll < 0.45) status = "underOffer";
      else if (roll < 0.55 && areaTypo !== null)
        areaTypo = null; // the portal corrects the area
      else if (roll < 0.6 && place !== object.place) place = object.place; // and the commune
      observe();
    }
    if (relistingOf === null && random.next() < 0.15)
      observations.push({ source: { url }, observedAt: new Date(at + 86_400_000).toISOString(), status: "removed" });
    const families = [...object.families];
    return {
      truth: {
        url,
        objectId: object.id,
        publisher: publisher.key,
        professional: publisher.professional,
        relistingOf,
        sharesPhotosWithOriginal: version.sharesPhotos,
        families,
        block: `${object.place.inseeCode}|${object.kind}|${object.transaction}`,
        area: object.area,
        rooms: object.rooms,
      },
      observations,
    };
  }

  readonly #versions = new Map<string, Version>();
  readonly #described = new Set<number>();

  /**
   * How one publisher describes the object: measured, counted and photographed its own way; a publisher
   * publishing it again copies its own description (photos recompressed, one sometimes dropped).
   */
  versionFor(object: TruthObject, publisher: Publisher): Version {
    const key = `${object.id}|${publisher.key}`;
    const known = this.#versions.get(key);
    if (known)
      return { ...known, photos: known.photos.map((hash) => this.random.flipBits(hash, this.random.int(0, 4))).filter(() => this.random.next() > 0.08) };
    const random = this.random;
    const original = !this.#described.has(object.id);
    this.#described.add(object.id);
    // The first publisher's photos are the object's; later ones take their own, sometimes reusing a few.
    let sharesPhotos = true;
    let photos = object.photos.map((hash) => random.flipBits(hash, random.int(0, 3)));
    if (!original && !object.isNew) {
      const reused =
        random.next() < 0.3
          ? random
              .shuffle(object.photos)
              .slice(0, random.int(1, 3))
              .map((hash) => random.flipBits(hash, random.int(1, 5)))
          : [];
      sharesPhotos = reused.length > 0;
      photos = [...reused, ...Array.from({ length: random.int(3, 10) }, () => random.hash64())];
    }
    if (publisher.logo !== null) photos = [random.flipBits(publisher.logo, random.int(0, 2)), ...photos];
    const measuredArea = original ? object.area : object.area * (random.next() < 0.5 ? random.between(0.92, 1) : 1);
    const version: Version = {
      area: random.next() < 0.05 ? null : random.next() < 0.3 ? Math.round(measuredArea) : round1(measuredArea),
      rooms: random.next() < 0.05 ? null : !original && random.next() < 0.25 ? object.rooms + random.pick([-1, 1]) : object.rooms,
      bedrooms: random.next() < (original ? 0.1 : 0.35) ? null : object.bedrooms,
      floor: object.floor === null || random.next() < (original ? 0.15 : 0.45) ? null : object.floor,
      dpeValue: random.next() < (original ? 0.15 : 0.35) ? null : object.dpe.value,
      dpe: random.next() < 0.1 ? null : object.dpe.label,
      ges: random.next() < 0.15 ? null : object.ges.label,
      gesValue: random.next() < 0.4 ? null : object.ges.value,
      year: random.next() < 0.5 ? null : object.year + (random.next() < 0.1 ? random.pick([-1, 1]) : 0),
      price: roundPrice(object.price * (publisher.professional && !original ? random.between(1.0, 1.07) : random.between(0.99, 1.01)), object.transaction),
      coordinates: this.locate(object, publisher),
      text: advertText(object, publisher.style, random),
      photos,
      sharesPhotos,
    };
    this.#versions.set(key, version);
    return version;
  }

  /**
   * Where a publisher places the object: near its address, nowhere, or at the commune's centre. Owners often
   * hide their address (the portal then shows the commune's centre), and some agencies do too.
   */
  locate(object: TruthObject, publisher: Publisher): Version["coordinates"] {
    const random = this.random;
    const roll = random.next();
    if (roll < 0.3) return null;
    if (roll < 0.3 + (publisher.professional ? 0.08 : 0.3)) return { latitude: object.place.latitude, longitude: object.place.longitude };
    return { latitude: object.latitude + random.between(-0.0015, 0.0015), longitude: object.longitude + random.between(-0.002, 0.002) };
  }

  observation(
    object: TruthObject,
    publisher: Publisher,
    domain: string,
    url: string,
    at: Date,
    place: Pick<Place, "inseeCode" | "postcode" | "name">,
    version: Version,
    status: string,
  ): Record<string, unknown> {
    const random = this.random;
    return {
      source: { domain, url },
      observedAt: at.toISOString(),
      status,
      title: version.text.title,
      description: version.text.description,
      publisher: publisher.professional
        ? { isProfessional: true, type: publisher.type, name: publisher.name, email: publisher.email, phone: publisher.phone, siret: publisher.siret }
        : { isProfessional: false },
      contact: { name: publisher.name, phone: publisher.phone, email: publisher.email },
      location: {
        postcode: place.postcode,
        city: { name: place.name, inseeCode: place.inseeCode },
        ...(version.coordinates && place.inseeCode === object.place.inseeCode ? version.coordinates : {}),
      },
      property: {
        type: object.kind,
        ...(version.area === null ? {} : { area: version.area }),
        ...(version.rooms === null ? {} : { roomCount: version.rooms }),
        ...(version.bedrooms === null ? {} : { bedroomCount: version.bedrooms }),
        ...(version.floor === null ? {} : { floor: version.floor }),
        ...(object.landArea === null || random.next() < 0.3 ? {} : { landArea: object.landArea }),
        ...(version.year === null ? {} : { constructionYear: version.year }),
        ...(object.isNew ? { isNew: true } : {}),
        ...Object.fromEntries(Object.entries(object.flags).filter(() => random.next() < 0.7)),
      },
      energy: {
        ...(version.dpe === null ? {} : { dpe: { label: version.dpe.toUpperCase(), ...(version.dpeValue === null ? {} : { value: version.dpeValue }) } }),
        ...(version.ges === null ? {} : { ges: { label: version.ges, ...(version.gesValue === null ? {} : { value: version.gesValue }) } }),
      },
      transaction: { type: object.transaction, price: version.price },
      media: { images: version.photos.map((hash, index) => ({ url: `https://img.${domain}/${slug(url).slice(-24)}/${index}.jpg`, perceptualHash: hash })) },
    };
  }

  firstPublisher(object: TruthObject): Publisher {
    const roll = this.random.next();
    if (roll < 0.3) return this.owner();
    if (roll < 0.5) return this.mandatary(object.place);
    return this.agency(object.place);
  }

  /** A local agency (or a promoter), from a pool of about 25 per commune. */
  agency(place: Place, kind: "agency" | "promoter" = "agency"): Publisher {
    const pool = this.#agencies.get(place.inseeCode + kind) ?? [];
    this.#agencies.set(place.inseeCode + kind, pool);
    if (pool.length < (kind === "agency" ? 25 : 4) && (pool.length === 0 || this.random.next() < 0.3)) {
      const n = pool.length + 1;
      pool.push({
        key: `${kind}:${place.inseeCode}:${n}`,
        name: `${kind === "promoter" ? "Promotion" : "Agence"} ${this.random.pick(["du Centre", "des Halles", "Saint-Michel", "Victor Hugo", "de la Gare", "du Parc", "Immo Conseil"])} ${n}`,
        professional: true,
        type: "agency",
        siret: this.random.siret(),
        phone: this.random.landline(place.postcode),
        email: `contact${n}@${slug(place.name)}-immo.fr`,
        logo: this.random.next() < 0.3 ? this.random.hash64() : null,
        style: this.random.int(0, 1_000_000),
      });
    }
    return this.random.pick(pool);
  }

  /** An agent of a mandatary network: the network's SIRET, the agent's own phone. */
  mandatary(place: Place): Publisher {
    const network = this.random.pick(NETWORKS);
    const agents = this.#networks.get(network + place.inseeCode) ?? [];
    this.#networks.set(network + place.inseeCode, agents);
    if (agents.length < 12 && (agents.length === 0 || this.random.next() < 0.5)) {
      agents.push({
        key: `mandatary:${network}:${place.inseeCode}:${agents.length + 1}`,
        name: `${this.random.pick(["Julie", "Marc", "Sophie", "Karim", "Claire", "Thomas"])} ${this.random.pick(["Martin", "Bernard", "Petit", "Durand", "Moreau"])} - ${network}`,
        professional: true,
        type: "mandatary",
        siret: networkSiret(network),
        phone: this.random.mobile(),
        email: `agent${agents.length + 1}@${slug(network)}.fr`,
        logo: null,
        style: this.random.int(0, 1_000_000),
      });
    }
    return this.random.pick(agents);
  }

  owner(): Publisher {
    const n = this.random.int(1, 1_000_000_000);
    return {
      key: `owner:${n}`,
      name: "Particulier",
      professional: false,
      type: undefined,
      siret: undefined,
      phone: this.random.mobile(),
      email: `particulier${n}@example.fr`,
      logo: null,
      style: this.random.int(0, 1_000_000),
    };
  }
}

type Version = {
  area: number | null;
  rooms: number | null;
  bedrooms: number | null;
  floor: number | null;
  dpe: string | null;
  dpeValue: number | null;
  ges: string | null;
  gesValue: number | null;
  year: number | null;
  price: number;
  coordinates: { latitude: number; longitude: number } | null;
  text: { title: string; description: string };
  photos: string[];
  sharesPhotos: boolean;
};

/** Each network's one SIRET, shared by all its agents. */
function networkSiret(network: (typeof NETWORKS)[number]): string {
  return siretFrom({ "iad France": 50361755, SAFTI: 50265096, Capifrance: 41892807 }[network], 63);
}

function dpeValueFor(label: string, random: Random): number {
  const bounds: Record<string, [number, number]> = { a: [40, 69], b: [70, 109], c: [110, 179], d: [180, 249], e: [250, 329], f: [330, 419], g: [420, 560] };
  const [low, high] = bounds[label] ?? [180, 249];
  return random.int(low, high);
}

function roundPrice(value: number, transaction: "sale" | "rent"): number {
  return transaction === "sale" ? Math.round(value / 1000) * 1000 : Math.round(value / 5) * 5;
}

function round1(value: number): number {
  return Math.round(value * 10) / 10;
}

function slug(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}
