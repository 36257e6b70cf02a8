import { randomUUID } from "node:crypto";
import type { Database } from "../../src/db/client.js";
import { classifieds, properties, type NewClassifiedRow, type NewPropertyRow } from "../../src/db/schema/index.js";
import { ENERGY_LABELS, PROPERTY_TYPES, type PropertyType } from "../../src/domain/enums.js";

/** A property row and the classifieds that make it visible (at least one). */
export type SearchFixture = { property: NewPropertyRow & { id: string }; classifieds: NewClassifiedRow[] };

export type Commune = { insee: string; postcode: string; city: string; department: string; lat: number; lng: number };

/** A few communes spread over mainland France, Corsica and an overseas department. */
export const SEARCH_COMMUNES: readonly Commune[] = [
  { insee: "75111", postcode: "75011", city: "Paris 11e", department: "75", lat: 48.8593, lng: 2.3795 },
  { insee: "75115", postcode: "75015", city: "Paris 15e", department: "75", lat: 48.8421, lng: 2.2988 },
  { insee: "92012", postcode: "92100", city: "Boulogne-Billancourt", department: "92", lat: 48.8353, lng: 2.2411 },
  { insee: "69383", postcode: "69003", city: "Lyon 3e", department: "69", lat: 45.7597, lng: 4.8497 },
  { insee: "13201", postcode: "13001", city: "Marseille 1er", department: "13", lat: 43.2999, lng: 5.3841 },
  { insee: "33063", postcode: "33000", city: "Bordeaux", department: "33", lat: 44.8378, lng: -0.5792 },
  { insee: "2A004", postcode: "20000", city: "Ajaccio", department: "2A", lat: 41.9192, lng: 8.7386 },
  { insee: "97120", postcode: "97110", city: "Pointe-à-Pitre", department: "971", lat: 16.2411, lng: -61.5331 },
];

/** Publishers: SIREN and one SIRET of each. */
export const SEARCH_PUBLISHERS = [
  { siren: "732829320", siret: "73282932000074" },
  { siren: "552100554", siret: "55210055400013" },
  { siren: "542065479", siret: "54206547900025" },
  { siren: "443061841", siret: "44306184100047" },
] as const;

export const SEARCH_DOMAINS = ["leboncoin.fr", "seloger.com", "pap.fr", "bienici.com", "logic-immo.com"] as const;

/** Sentences in the style of French listings, with accents, plurals and hyphenated place names. */
const SENTENCES = [
  "Au cœur de la ville, bel appartement lumineux et traversant.",
  "Maison familiale avec jardin arboré et piscine.",
  "Maisons de ville mitoyennes, jardins privatifs.",
  "Idéal pour l'été, terrasse plein sud avec vue mer.",
  "Proche commerces, écoles et transports.",
  "Gare à 10 minutes à pied, RER vers Paris.",
  "Environnement calme et verdoyant en Île-de-France.",
  "Il comprend une entrée, un séjour, une cuisine équipée, deux chambres et une salle d'eau.",
  "Situé au 3e étage avec ascenseur, cave et place de stationnement.",
  "Travaux à prévoir, beau potentiel.",
  "Local commercial avec vitrine sur rue passante.",
  "Box fermé en sous-sol sécurisé.",
  "Terrain constructible viabilisé, exposition sud-ouest.",
  "Parquet ancien, cheminée, moulures.",
  "Honoraires à la charge du vendeur.",
  "Dépôt de garantie : un mois de loyer.",
] as const;

/** The form the ingest pipeline stores in `search_text`: lower case, accents and ligatures removed. */
export function toSearchText(text: string): string {
  return text.replace(/œ/g, "oe").replace(/Œ/g, "OE").replace(/æ/g, "ae").replace(/Æ/g, "AE").normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

/** Small deterministic generator (mulberry32), so every run and both databases see the same data. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Overrides = Partial<NewPropertyRow> & { title?: string; publisher?: { siren: string | null; siret: string | null } };

/**
 * One property with one classified in the given commune. Fields not overridden get plain defaults; `title`
 * (and the property's description) feed `search_text` the way the ingest pipeline does.
 */
export function searchFixture(commune: Commune, overrides: Overrides = {}): SearchFixture {
  const { title = "Bien", publisher = SEARCH_PUBLISHERS[0], ...propertyOverrides } = overrides;
  const id = randomUUID();
  const at = new Date("2025-06-01T00:00:00Z");
  const domain = SEARCH_DOMAINS[0];
  const property: NewPropertyRow & { id: string } = {
    id,
    status: "available",
    propertyType: "apartment",
    transactionType: "sale",
    inseeCode: commune.insee,
    cityName: commune.city,
    postcode: commune.postcode,
    department: commune.department,
    latitude: commune.lat,
    longitude: commune.lng,
    priceInitial: 200_000,
    priceCurrent: 200_000,
    priceHistory: [{ value: 200_000, timestamp: at.toISOString() }],
    sourceDomains: [domain],
    sourceDomainsCount: 1,
    firstSeenAt: at,
    lastSeenAt: at,
    lastModifiedAt: at,
    ...propertyOverrides,
  };
  property.searchText ??= toSearchText(`${title} ${property.description ?? ""}`);
  const lead = classifiedOf(property, property.sourceDomains?.[0] ?? domain, publisher, title);
  property.leadClassifiedId = lead.id ?? null;
  const others = (property.sourceDomains ?? []).slice(1).map((d) => classifiedOf(property, d, publisher, title));
  return { property, classifieds: [lead, ...others] };
}

function classifiedOf(
  property: NewPropertyRow & { id: string },
  domain: string,
  publisher: { siren: string | null; siret: string | null },
  title: string,
): NewClassifiedRow {
  const id = randomUUID();
  const url = `https://www.${domain}/annonce/${id}`;
  return {
    id,
    propertyId: property.id,
    urlKey: url.replace("https://www.", ""),
    sourceDomain: domain,
    sourceUrl: url,
    status: property.status,
    title,
    description: property.description ?? null,
    imagesDigest: id,
    publisherSiren: publisher.siren,
    publisherSiret: publisher.siret,
    inseeCode: property.inseeCode,
    cityName: property.cityName,
    postcode: property.postcode,
    department: property.department,
    latitude: property.latitude ?? null,
    longitude: property.longitude ?? null,
    propertyType: property.propertyType,
    groupingType: property.propertyType,
    transactionType: property.transactionType,
    priceInitial: property.priceInitial,
    priceCurrent: property.priceCurrent,
    firstSeenAt: property.firstSeenAt,
    lastSeenAt: property.lastSeenAt,
    lastModifiedAt: property.lastModifiedAt,
  };
}

/**
 * `count` varied properties: every filterable column takes several values including null where it may be
 * null, coordinates are scattered around each commune, timestamps and prices repeat on purpose (ties), and a
 * fifth of the properties are listed on two or three portals by different publishers.
 */
export function buildSearchFixtures(count: number, seed = 1): SearchFixture[] {
  const random = seededRandom(seed);
  const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)] as T;
  const maybe = <T>(value: T, probability = 0.7): T | null => (random() < probability ? value : null);
  const flag = (): boolean | null => pick([true, false, null]);
  const fixtures: SearchFixture[] = [];
  for (let i = 0; i < count; i += 1) {
    const commune = pick(SEARCH_COMMUNES);
    const area = maybe(Math.round(15 + random() * 200), 0.85);
    const priceInitial = Math.round(50 + random() * 950) * 1_000;
    const changed = random() < 0.3;
    const priceCurrent = changed ? Math.round(priceInitial * (0.85 + random() * 0.1)) : priceInitial;
    const firstSeenAt = new Date(Date.UTC(2025, 0, 1 + Math.floor(random() * 60)));
    const lastModifiedAt = new Date(firstSeenAt.getTime() + Math.floor(random() * 30) * 86_400_000);
    const lastSeenAt = new Date(lastModifiedAt.getTime() + Math.floor(random() * 10) * 86_400_000);
    const priceChangedAt = changed ? lastModifiedAt : null;
    const domainCount = random() < 0.2 ? 2 + Math.floor(random() * 2) : 1;
    const domains = [...SEARCH_DOMAINS].sort(() => random() - 0.5).slice(0, domainCount);
    const sentences = Array.from({ length: 2 + Math.floor(random() * 5) }, () => pick(SENTENCES));
    const publisher = pick([...SEARCH_PUBLISHERS, { siren: null, siret: null }]);
    const withCoordinates = random() < 0.9;
    const propertyType: PropertyType = pick(PROPERTY_TYPES);
    const fixture = searchFixture(commune, {
      title: `${propertyType} ${commune.city}`,
      description: sentences.join(" "),
      publisher,
      propertyType,
      transactionType: random() < 0.7 ? "sale" : "rent",
      latitude: withCoordinates ? commune.lat + (random() - 0.5) * 0.2 : null,
      longitude: withCoordinates ? commune.lng + (random() - 0.5) * 0.2 : null,
      area,
      roomCount: maybe(1 + Math.floor(random() * 7)),
      bedroomCount: maybe(Math.floor(random() * 5)),
      balconyExists: flag(),
      terraceExists: flag(),
      parkingExists: flag(),
      cellarExists: flag(),
      elevatorExists: flag(),
      garageExists: flag(),
      gardenExists: flag(),
      swimmingPoolExists: flag(),
      isProgram: flag(),
      dpeLabel: maybe(pick(ENERGY_LABELS)),
      gesLabel: maybe(pick(ENERGY_LABELS)),
      priceInitial,
      priceCurrent,
      pricePerSquareMeter: area ? Math.round(priceCurrent / area) : null,
      priceHistory: changed
        ? [
            { value: priceInitial, timestamp: firstSeenAt.toISOString() },
            { value: priceCurrent, timestamp: lastModifiedAt.toISOString() },
          ]
        : [{ value: priceInitial, timestamp: firstSeenAt.toISOString() }],
      priceChangedAt,
      sourceDomains: domains,
      sourceDomainsCount: domains.length,
      firstSeenAt,
      lastSeenAt,
      lastModifiedAt,
    });
    // Later portals are another agency's listing of the same property.
    fixture.classifieds.slice(1).forEach((c, index) => {
      const other =
        SEARCH_PUBLISHERS[(SEARCH_PUBLISHERS.findIndex((p) => p.siren === publisher.siren) + index + 1 + SEARCH_PUBLISHERS.length) % SEARCH_PUBLISHERS.length];
      c.publisherSiren = other?.siren ?? null;
      c.publisherSiret = other?.siret ?? null;
    });
    fixtures.push(fixture);
  }
  return fixtures;
}

/** Inserts the fixtures (properties first, then their classifieds) in batches. */
export async function insertSearchFixtures(db: Database, fixtures: readonly SearchFixture[], batchSize = 500): Promise<void> {
  for (let start = 0; start < fixtures.length; start += batchSize) {
    const batch = fixtures.slice(start, start + batchSize);
    await db.insert(properties).values(batch.map((f) => f.property));
    await db.insert(classifieds).values(batch.flatMap((f) => f.classifieds));
  }
}
