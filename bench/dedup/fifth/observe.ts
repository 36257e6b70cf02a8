/**
 * Observations: what the collector saw of one listing at each visit, in the ingest format of the README
 * ("## Ingest format"), and the removals.
 */
import { formatPhone } from "./ids.js";
import { filedCommune, type Listing } from "./listings.js";
import { writeArea, writePrice } from "./portals.js";
import { Rng } from "./rng.js";
import { description, personName, title } from "./text.js";
import { DAYS, type RealObject } from "./world.js";

/** Day 0 at 00:00 UTC. */
const EPOCH = Date.UTC(2026, 4, 1);
/** Europe/Paris leaves summer time on 2026-10-25 at 01:00 UTC. */
const WINTER = Date.UTC(2026, 9, 25, 1);

export type Line = { t: number; seq: number; url: string; text: string };

export function isoAt(ms: number, local: boolean): string {
  if (!local) return `${new Date(ms).toISOString().slice(0, 19)}Z`;
  const offset = ms >= WINTER ? 1 : 2;
  return `${new Date(ms + offset * 3600_000).toISOString().slice(0, 19)}+0${offset}:00`;
}

const OWNER_PORTALS = ["leboncoin", "pap", "paruvendu", "entreparticuliers"];

function priceAt(l: Listing, day: number): number {
  const m = l.mandate;
  let price = m.prices[0]?.[1] ?? 0;
  for (const [d, p] of m.prices) if (d <= day) price = p;
  if (l.priceFactor === 1) return price;
  return Math.round((price * l.priceFactor) / (m.object.transaction === "sale" ? 1000 : 5)) * (m.object.transaction === "sale" ? 1000 : 5);
}

function gps(l: Listing, day: number): { latitude?: number; longitude?: number } {
  const o = l.mandate.object;
  const wrong = filedCommune(l, day);
  const centre = wrong ? wrong.centre : o.place.centre;
  switch (l.portal.gps) {
    case "exact":
      return wrong ? { latitude: centre[0], longitude: centre[1] } : { latitude: o.lat, longitude: o.lon };
    case "rounded":
      return wrong ? { latitude: centre[0], longitude: centre[1] } : { latitude: Math.round(o.lat * 1000) / 1000, longitude: Math.round(o.lon * 1000) / 1000 };
    case "centre":
      return { latitude: centre[0], longitude: centre[1] };
    case "none":
      return {};
  }
}

function location(l: Listing, day: number): Record<string, unknown> {
  const o = l.mandate.object;
  const wrong = filedCommune(l, day);
  const insee = wrong ? wrong.insee : l.inseeMode === "former" ? (o.quarter.formerInsee ?? o.place.insee) : o.place.insee;
  const name = wrong ? wrong.name : l.cityName;
  const city: Record<string, unknown> = {};
  if (name) city.name = name;
  if (l.inseeMode) city.inseeCode = insee;
  return {
    postcode: wrong ? wrong.postcode : o.quarter.postcode,
    ...(Object.keys(city).length ? { city } : {}),
    ...(l.sendsDepartment ? { department: wrong ? wrong.dept : o.place.dept } : {}),
    ...gps(l, day),
  };
}

function publisherAndContact(l: Listing, rng: Rng): { publisher: Record<string, unknown>; contact: Record<string, unknown> } {
  const m = l.mandate;
  const p = m.publisher;
  const phoneStyle = l.portal.phone;
  const asPrivate = p.kind === "owner" || (m.disguised && OWNER_PORTALS.includes(l.portalKey));
  if (asPrivate) {
    const showPhone = l.portalKey !== "leboncoin" || rng.chance(0.4);
    return {
      publisher: { isProfessional: false },
      contact: {
        name: p.kind === "owner" ? p.name : personName(rng).first,
        ...(p.email && l.portalKey !== "leboncoin" && rng.chance(0.5) ? { email: p.email } : {}),
        ...(showPhone ? { phone: formatPhone(m.establishment.phone, phoneStyle) } : {}),
        isRefusingSolicitation: rng.chance(l.portalKey === "pap" ? 0.7 : 0.5),
      },
    };
  }
  const registration = l.portal.registration;
  const siret = m.establishment.siret;
  const publisher: Record<string, unknown> = {
    isProfessional: true,
    type: p.kind === "mandatary" ? "mandatary" : "agency",
  };
  if (p.kind === "mandatary" && p.network) {
    const net = p.network;
    publisher.name = l.portalKey === net.portal || rng.chance(0.4) ? net.name : `${p.name} - ${net.name}`;
    if (rng.chance(0.6)) publisher.email = p.email;
  } else {
    publisher.name = p.name;
    if (p.email) publisher.email = p.email;
    publisher.phone = formatPhone(m.establishment.phone, phoneStyle);
  }
  if (p.feesUrl && rng.chance(0.6)) publisher.feesUrl = p.feesUrl;
  if (registration === "siret" && rng.chance(0.9)) publisher.siret = rng.chance(0.15) ? siret.replace(/^(\d{3})(\d{3})(\d{3})(\d{5})$/, "$1 $2 $3 $4") : siret;
  else if (registration === "siren" && rng.chance(0.85)) publisher.siren = siret.slice(0, 9);
  const negotiator = p.kind === "mandatary" ? null : personName(rng);
  return {
    publisher,
    contact: {
      name: negotiator ? `${negotiator.first} ${negotiator.last}` : p.name,
      ...(p.kind === "mandatary"
        ? { phone: formatPhone(m.establishment.phone, phoneStyle), email: p.email }
        : rng.chance(0.5)
          ? { phone: formatPhone(m.establishment.phone, phoneStyle) }
          : {}),
    },
  };
}

/** The full observation of a listing at a given time. */
export function observation(l: Listing, day: number, ms: number, status: string): Record<string, unknown> {
  const m = l.mandate;
  const o = m.object;
  const portal = l.portal;
  const rng = new Rng(l.textSeed);
  const wrongType = l.typeWrong && day < l.typeWrong.fixDay;
  const type = wrongType ? (o.type === "house" ? "apartment" : "house") : o.type;
  const area = l.areaTypo && day < l.areaTypo.fixDay ? l.areaTypo.value : m.area;
  const rooms = l.roomsEdit && day < l.roomsEdit.fixDay ? l.roomsEdit.value : m.rooms;
  const price = priceAt(l, day);
  const { publisher, contact } = publisherAndContact(l, rng);
  const professional = publisher.isProfessional === true;
  const filed = filedCommune(l, day);
  const cityForText = filed ? filed.name : o.place.name.replace(/ 15e Arrondissement/, " 15e");
  const t = {
    type: o.type,
    transaction: o.transaction,
    rooms,
    area,
    city: cityForText,
    district: rng.chance(0.6) ? o.district : "",
    isNew: o.isNew,
    lotissement: o.lotissement,
  };
  const agentLine =
    m.publisher.kind === "mandatary" && m.publisher.network
      ? `Votre conseiller ${m.publisher.network.name} : ${m.publisher.name}, agent commercial immatriculé au RSAC de ${o.place.name.replace(/ \d+e Arrondissement/, "")} sous le n° ${m.establishment.phone.replace(/\D/g, "").slice(1, 10)}.`
      : null;
  const features = [
    ...(o.balcony ? ["balcon"] : []),
    ...(o.terrace ? ["terrasse"] : []),
    ...(o.parking ? [o.type === "house" ? "garage" : "place de parking"] : []),
    ...(o.garden ? ["jardin"] : []),
    ...(o.pool ? ["piscine"] : []),
    ...(o.elevator ? ["ascenseur"] : []),
  ];
  const text = description(rng, {
    ...t,
    statedArea: m.area,
    condominium: condominiumOf(o),
    textArea: m.textArea,
    bedrooms: m.bedrooms,
    floor: o.floor,
    price,
    professional,
    feesIncluded: m.publisher.kind !== "owner" && m.publisher.kind !== "promoter" && m.publisher.kind !== "builder",
    feesRate: m.publisher.feesRate,
    chargesIncluded: m.chargesIncluded,
    charges: o.charges,
    landArea: o.landArea,
    dpe: m.dpeUnknown ? null : (m.dpe?.label ?? null),
    features,
    agentLine,
    street: o.street,
  });
  const images = l.imagesEarly !== null && day < l.imagesFullDay ? l.images.slice(0, l.imagesEarly) : l.images;
  const property: Record<string, unknown> = { type, area: writeArea(portal.area, area) };
  if (!rng.chance(portal.roomsMissing)) property.roomCount = rooms;
  if (rng.chance(0.7)) property.bedroomCount = m.bedrooms;
  if (o.type === "apartment" && o.floor !== null && rng.chance(0.7)) property.floor = o.floor;
  if (o.floorCount !== null && rng.chance(0.3)) property.floorCount = o.floorCount;
  if (o.landArea !== null && rng.chance(0.8)) property.landArea = o.landArea;
  if (o.type === "apartment" && rng.chance(0.7)) property.balconyExists = o.balcony;
  if (rng.chance(0.5)) property.terraceExists = o.terrace;
  if (o.type === "apartment" && rng.chance(0.6)) property.elevatorExists = o.elevator;
  if (rng.chance(0.5)) property.parkingExists = o.parking;
  if (o.type === "house" && rng.chance(0.6)) property.gardenExists = o.garden;
  if (o.pool) property.swimmingPoolExists = true;
  if (rng.chance(0.35)) property.constructionYear = o.constructionYear;
  if (o.isNew) property.isNew = true;
  if (l.portalKey === "selogerneuf") property.propertyIsProgram = true;
  let energy: Record<string, unknown> | undefined;
  if (!rng.chance(portal.energyMissing)) {
    if (m.dpeUnknown) energy = rng.chance(0.5) ? { dpe: { label: rng.pick(["NC", "vierge", "Non communiqué"]) } } : undefined;
    else if (m.dpe) {
      const label = l.portalKey === "paruvendu" ? `Classe énergie ${m.dpe.label.toUpperCase()}` : rng.chance(0.5) ? m.dpe.label.toUpperCase() : m.dpe.label;
      energy = {
        dpe: { label, ...(rng.chance(0.7) ? { value: m.dpe.value } : {}) },
        ...(rng.chance(0.7) ? { ges: { label: o.ges.label.toUpperCase(), value: o.ges.value } } : {}),
      };
    }
  }
  const published = portal.published;
  const publishedMs = EPOCH + Math.max(0, Math.floor(l.start)) * 86_400_000 + 7 * 3600_000;
  return {
    source: {
      ...(portal.sendsDomain ? { domain: portal.domain } : {}),
      url:
        l.utmFrom !== null && day >= l.utmFrom
          ? `${l.url}${l.url.includes("?") ? "&" : "?"}utm_source=alerte_email&utm_medium=email&utm_campaign=${l.portalKey}`
          : l.url,
    },
    observedAt: isoAt(ms, portal.localOffset),
    status,
    ...(published === "date"
      ? { publishedAt: new Date(publishedMs).toISOString().slice(0, 10) }
      : published === "datetime"
        ? { publishedAt: new Date(publishedMs).toISOString() }
        : {}),
    title: title(rng, l.titleStyle, t),
    description: text,
    publisher,
    contact,
    location: location(l, day),
    property,
    ...(energy ? { energy } : {}),
    transaction: {
      type: o.transaction,
      price: writePrice(portal.price, price),
      ...(professional && o.transaction === "sale" ? { isExclusiveMandate: m.exclusive } : {}),
    },
    media: {
      images: images.map((c) =>
        c.hashes ? { url: c.url, perceptualHash: c.hashes[0], differenceHash: c.hashes[1], averageHash: c.hashes[2] } : { url: c.url },
      ),
    },
  };
}

/** Every line of one listing: visits (lines only when something changed, or one re-visit in two), statuses, removals. */
export function listingLines(l: Listing, rng: Rng, seq: () => number): Line[] {
  const m = l.mandate;
  const portal = l.portal;
  const lines: Line[] = [];
  const end = Math.min(l.end, DAYS);
  const days = new Set<number>();
  for (let d = Math.floor(l.start); d < end; d += rng.int(portal.revisit[0], portal.revisit[1])) days.add(d);
  const events = [
    ...m.prices.map(([d]) => d),
    l.imagesFullDay,
    l.areaTypo?.fixDay,
    l.roomsEdit?.fixDay,
    l.typeWrong?.fixDay,
    m.misfileFixDay,
    m.underOfferDay,
    l.utmFrom,
  ];
  for (const e of events) if (e !== null && e !== undefined && e >= l.start && e < end) days.add(Math.floor(e) + rng.int(0, 2));
  const sorted = [...days].filter((d) => d >= 0 && d < end && d < DAYS).sort((a, b) => a - b);
  const hourMs = (d: number) => EPOCH + d * 86_400_000 + rng.int(portal.hour[0], portal.hour[1]) * 3600_000 + rng.int(0, 59) * 60_000 + rng.int(0, 59) * 1000;
  let last = "";
  let lastMs = 0;
  const push = (ms: number, text: string) => {
    const t = Math.max(ms, lastMs + 60_000);
    lines.push({ t, seq: seq(), url: l.url, text });
    lastMs = t;
  };
  let paused = false;
  for (const d of sorted) {
    if (l.pause && d >= l.pause[0] && d < l.pause[1]) {
      if (!paused) {
        push(hourMs(d), JSON.stringify({ source: { url: l.url }, observedAt: "", status: "removed" }));
        paused = true;
        last = "";
      }
      continue;
    }
    paused = false;
    const status = portal.statuses && m.underOfferDay !== null && d >= m.underOfferDay ? "underOffer" : "available";
    const ms = hourMs(d);
    const obs = observation(l, d, ms, status);
    const { observedAt: _o, ...content } = obs;
    const key = JSON.stringify({ ...content, source: { url: l.url } });
    if (key === last && rng.chance(0.5)) continue;
    last = key;
    push(ms, "");
    const line = lines[lines.length - 1] as Line;
    line.text = JSON.stringify({ ...obs, observedAt: isoAt(line.t, portal.localOffset) });
  }
  if (l.end < DAYS && lines.length > 0) {
    const d = Math.max(Math.floor(l.end), Math.floor(lastMs / 86_400_000 - EPOCH / 86_400_000));
    if (portal.statuses && m.finalStatus && l.final && d < DAYS) {
      const ms = Math.max(hourMs(d), lastMs + 3600_000);
      push(ms, "");
      const line = lines[lines.length - 1] as Line;
      line.text = JSON.stringify({ ...observation(l, d, line.t, m.finalStatus), observedAt: isoAt(line.t, portal.localOffset) });
    }
    const removalDay = portal.statuses && m.finalStatus && l.final ? d + rng.int(1, 7) : d;
    if (removalDay < DAYS) push(Math.max(hourMs(removalDay), lastMs + 3600_000), "");
    else return fixRemovals(lines, portal.localOffset);
    const line = lines[lines.length - 1] as Line;
    line.text = JSON.stringify({ source: { url: l.url }, observedAt: "", status: "removed" });
  }
  return fixRemovals(lines, portal.localOffset);
}

/** Removal lines get their time written last (their time may have moved to stay after the line before). */
function fixRemovals(lines: Line[], local: boolean): Line[] {
  for (const line of lines)
    if (line.text.includes('"observedAt":""')) line.text = line.text.replace('"observedAt":""', `"observedAt":"${isoAt(line.t, local)}"`);
  return lines.filter((line) => line.text !== "");
}

/**
 * A flat's copropriété figures are facts of the building and the flat, not of an advert: the lots of its building
 * (one family's flats share them), the charges of the flat. Drawn from their own streams, keyed by what they
 * belong to, so every advert of the flat states the same.
 */
function condominiumOf(o: RealObject): { lots: number; annualCharges: number } {
  const building = o.families.find((family) => !family.startsWith("lotissement")) ?? `object:${o.id}`;
  return { lots: new Rng(keyHash(`lots:${building}`)).int(6, 180), annualCharges: new Rng(keyHash(`charges:${o.id}`)).int(6, 40) * 100 };
}

function keyHash(key: string): number {
  let h = 2166136261;
  for (const ch of key) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return h >>> 0;
}
