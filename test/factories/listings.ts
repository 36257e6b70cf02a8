import { randomUUID } from "node:crypto";
import type { Database } from "../../src/db/client.js";
import { groupingTypeOf } from "../../src/domain/grouping/grouping-type.js";
import {
  classifiedImageLists,
  classifiedPriceHistory,
  classifieds,
  properties,
  type ClassifiedImageRow,
  type StoredImage,
  type ClassifiedPriceHistoryRow,
  type ClassifiedRow,
  type NewClassifiedRow,
  type NewPropertyRow,
  type PropertyRow,
} from "../../src/db/schema/index.js";
import { canonicalUrlKey } from "../../src/domain/url-key.js";

/**
 * Factories that write listings straight into the tables with Drizzle: valid rows with overrides, so read-path
 * tests do not depend on the ingest pipeline. A property and its classifieds share a commune, as ingest
 * guarantees (the contract predicate relies on it).
 */

let sequence = 0;
const next = () => (sequence += 1);

export type Place = { department: string; inseeCode: string; postcode: string; cityName: string; latitude: number; longitude: number };

export const PLACES: readonly Place[] = [
  { department: "75", inseeCode: "75111", postcode: "75011", cityName: "Paris 11e Arrondissement", latitude: 48.8574, longitude: 2.3795 },
  { department: "69", inseeCode: "69383", postcode: "69003", cityName: "Lyon 3e Arrondissement", latitude: 45.7597, longitude: 4.8422 },
  { department: "13", inseeCode: "13201", postcode: "13001", cityName: "Marseille 1er Arrondissement", latitude: 43.2999, longitude: 5.3841 },
  { department: "33", inseeCode: "33063", postcode: "33000", cityName: "Bordeaux", latitude: 44.8378, longitude: -0.5792 },
  { department: "2A", inseeCode: "2A004", postcode: "20000", cityName: "Ajaccio", latitude: 41.9192, longitude: 8.7386 },
  { department: "971", inseeCode: "97101", postcode: "97139", cityName: "Les Abymes", latitude: 16.2711, longitude: -61.5045 },
];

const BASE_TIME = Date.parse("2024-03-01T08:00:00Z");

/** A complete, valid classified row (every optional field filled) for a property in `place`. */
export function classifiedValues(propertyId: string, place: Place, overrides: Partial<NewClassifiedRow> = {}): NewClassifiedRow {
  const n = next();
  const sourceUrl = overrides.sourceUrl ?? `https://www.seloger.com/annonces/achat/appartement/${n}.htm`;
  const firstSeenAt = new Date(BASE_TIME + n * 60_000);
  const row = {
    id: randomUUID(),
    propertyId,
    urlKey: canonicalUrlKey(sourceUrl) ?? `seloger.com/annonces/${n}`,
    sourceDomain: "seloger.com",
    sourceUrl,
    status: "available",
    title: `Appartement 3 pièces ${n}`,
    description: `Bel appartement lumineux, annonce ${n}.`,
    imagesDigest: `digest-${n}`,
    publisherIsProfessional: true,
    publisherType: "agency",
    publisherName: `Agence ${n}`,
    publisherEmail: `agence${n}@example.fr`,
    publisherPhone: "+33140000000",
    publisherFeesUrl: `https://agence${n}.example.fr/honoraires`,
    publisherSiren: "552100554",
    publisherSiret: "55210055400013",
    contactName: "Camille Martin",
    contactEmail: "camille.martin@example.fr",
    contactPhone: "+33612345678",
    contactIsRefusingSolicitation: false,
    ...place,
    propertyType: "apartment",
    area: 62.5,
    landArea: null,
    livingRoomArea: 24,
    balconyArea: 4.5,
    terraceArea: null,
    roomCount: 3,
    bedroomCount: 2,
    bathroomCount: 1,
    showerRoomCount: 0,
    toiletCount: 1,
    balconyCount: 1,
    terraceCount: 0,
    floor: 3,
    floorCount: 6,
    constructionYear: 1930,
    renovationYear: 2015,
    orientation: "southWest",
    balconyExists: true,
    terraceExists: false,
    parkingExists: false,
    airConditioningExists: false,
    alarmExists: false,
    atticExists: false,
    caretakerExists: true,
    cellarExists: true,
    doorCodeExists: true,
    elevatorExists: true,
    fireplaceExists: false,
    garageExists: false,
    gardenExists: false,
    intercomExists: true,
    swimmingPoolExists: false,
    toiletSeparateExists: true,
    isCondominium: true,
    isDisabledFriendly: false,
    isDualAspect: true,
    isNew: false,
    isOccupied: false,
    renovationIsNeeded: false,
    propertyIsProgram: false,
    dpeLabel: "c",
    dpeValue: 142,
    dpeDate: new Date("2023-06-01T00:00:00Z"),
    gesLabel: "d",
    gesValue: 31,
    gesDate: new Date("2023-06-01T00:00:00Z"),
    heatingSource: "gas",
    heatingSystem: "radiator",
    heatingType: "individual",
    transactionType: "sale",
    isExclusiveMandate: false,
    priceInitial: 420_000,
    priceCurrent: 399_000,
    pricePerSquareMeter: 6_384,
    publishedAt: new Date(firstSeenAt.getTime() - 86_400_000),
    firstSeenAt,
    lastSeenAt: new Date(firstSeenAt.getTime() + 3_600_000),
    lastModifiedAt: new Date(firstSeenAt.getTime() + 1_800_000),
    removedAt: null,
    ...overrides,
  };
  return { ...row, groupingType: overrides.groupingType ?? groupingTypeOf(row.propertyType, row.floor ?? null, row.title ?? null) };
}

/** A valid property row in `place`, priced like the default classified. */
export function propertyValues(place: Place, overrides: Partial<NewPropertyRow> = {}): NewPropertyRow {
  const n = next();
  const firstSeenAt = new Date(BASE_TIME + n * 60_000);
  return {
    id: randomUUID(),
    leadClassifiedId: null,
    status: "available",
    description: `Bel appartement lumineux, bien ${n}.`,
    propertyType: "apartment",
    transactionType: "sale",
    ...place,
    area: 62.5,
    roomCount: 3,
    bedroomCount: 2,
    balconyExists: true,
    terraceExists: false,
    parkingExists: false,
    cellarExists: true,
    elevatorExists: true,
    garageExists: false,
    gardenExists: false,
    swimmingPoolExists: false,
    isProgram: false,
    dpeLabel: "c",
    gesLabel: "d",
    priceInitial: 420_000,
    priceCurrent: 399_000,
    pricePerSquareMeter: 6_384,
    priceHistory: [
      { value: 420_000, timestamp: firstSeenAt.toISOString() },
      { value: 399_000, timestamp: new Date(firstSeenAt.getTime() + 86_400_000).toISOString() },
    ],
    priceChangedAt: new Date(firstSeenAt.getTime() + 86_400_000),
    sourceDomains: ["seloger.com"],
    sourceDomainsCount: 1,
    searchText: "appartement lumineux",
    firstSeenAt,
    lastSeenAt: new Date(firstSeenAt.getTime() + 3_600_000),
    lastModifiedAt: new Date(firstSeenAt.getTime() + 1_800_000),
    ...overrides,
  };
}

export type ListingOptions = {
  place?: Place;
  property?: Partial<NewPropertyRow>;
  /** One entry per classified (overrides); default: one classified. */
  classifieds?: Partial<NewClassifiedRow>[];
  /** Images per classified (default 2). */
  images?: number;
  /** Prices per classified, oldest first (default: initial then current). */
  history?: number[];
};

export type Listing = {
  property: PropertyRow;
  classifieds: ClassifiedRow[];
  images: ClassifiedImageRow[];
  history: ClassifiedPriceHistoryRow[];
};

/** Inserts a property with its classifieds, their images and price history; the first classified leads. */
export async function createListing(db: Database, options: ListingOptions = {}): Promise<Listing> {
  const place = options.place ?? PLACES[0]!; // PLACES is a non-empty constant.
  const propertyRow = propertyValues(place, options.property);
  const propertyId = propertyRow.id ?? randomUUID();
  const classifiedRows = (options.classifieds ?? [{}]).map((o) => classifiedValues(propertyId, place, o));
  const [property] = await db
    .insert(properties)
    .values({ ...propertyRow, id: propertyId, leadClassifiedId: classifiedRows[0]?.id ?? null })
    .returning();
  if (!property) throw new Error("property insert returned no row");
  const inserted = classifiedRows.length ? await db.insert(classifieds).values(classifiedRows).returning() : [];
  const images = inserted.flatMap((c) => imageValues(c.id, options.images ?? 2));
  await insertImages(db, images);
  const historyRows = inserted.flatMap((c) => historyValues(c, options.history ?? [c.priceInitial, c.priceCurrent]));
  const history = historyRows.length ? await db.insert(classifiedPriceHistory).values(historyRows).returning() : [];
  const order = new Map(classifiedRows.map((row, index) => [row.id, index]));
  inserted.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
  return { property, classifieds: inserted, images, history };
}

/** Stores images as their classifieds' lists (classified_image_lists), each list in position order. */
export async function insertImages(db: Database, images: readonly ClassifiedImageRow[]): Promise<void> {
  const lists = new Map<string, ClassifiedImageRow[]>();
  for (const image of images) lists.set(image.classifiedId, [...(lists.get(image.classifiedId) ?? []), image]);
  const rows = [...lists].map(([classifiedId, list]) => ({
    classifiedId,
    images: list
      .sort((a, b) => a.position - b.position)
      .map((image): StoredImage => [image.id, image.url, image.perceptualHash, image.differenceHash, image.averageHash]),
  }));
  for (let c = 0; c < rows.length; c += 1_000) await db.insert(classifiedImageLists).values(rows.slice(c, c + 1_000));
}

export function imageValues(classifiedId: string, count: number): ClassifiedImageRow[] {
  return Array.from({ length: count }, (_, position) => ({
    id: randomUUID(),
    classifiedId,
    position,
    url: `https://img.example.fr/${classifiedId}/${position}.jpg`,
    perceptualHash: "c3a5e1f0b2d49687",
    differenceHash: "0f1e2d3c4b5a6978",
    averageHash: "ffe7c38181c3e7ff",
  }));
}

export function historyValues(
  classified: Pick<ClassifiedRow, "id" | "firstSeenAt">,
  prices: readonly number[],
): (typeof classifiedPriceHistory.$inferInsert)[] {
  return prices.map((value, index) => ({
    id: randomUUID(),
    classifiedId: classified.id,
    value,
    observedAt: new Date(classified.firstSeenAt.getTime() + index * 86_400_000),
  }));
}
