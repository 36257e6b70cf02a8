import type { Database } from "../../src/db/client.js";
import { classifiedPriceHistory, classifieds, properties, type NewClassifiedRow, type NewPropertyRow } from "../../src/db/schema/index.js";
import { LISTING_STATUSES, PROPERTY_TYPES, TRANSACTION_TYPES } from "../../src/domain/enums.js";
import { PLACES, classifiedValues, historyValues, imageValues, insertImages, propertyValues } from "./listings.js";

/**
 * Deterministic random listings in bulk, for contract-leak tests and benchmarks: properties spread over
 * several departments, each with 1..maxClassifiedsPerProperty classifieds from a small set of publishers.
 */

/** A small seeded PRNG (mulberry32): the same seed gives the same data on every machine. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export type Publisher = { siren: string; siret: string };

/** Publishers the generator draws from; contracts in tests pick among these. */
export const PUBLISHERS: readonly Publisher[] = [
  { siren: "552100554", siret: "55210055400013" },
  { siren: "732829320", siret: "73282932000074" },
  { siren: "542065479", siret: "54206547900016" },
  { siren: "356000000", siret: "35600000000048" },
  { siren: "808195193", siret: "80819519300012" },
];

export type GenerateOptions = {
  properties: number;
  seed?: number;
  maxClassifiedsPerProperty?: number;
  imagesPerClassified?: number;
  /** Called after each chunk is written, with the number of properties written so far. */
  onProgress?(written: number): void;
};

export type GeneratedSummary = { properties: number; classifieds: number };

const PROPERTY_CHUNK = 500;

/** Writes `options.properties` random properties with their classifieds, images and price history. */
export async function insertGeneratedListings(db: Database, options: GenerateOptions): Promise<GeneratedSummary> {
  const random = seededRandom(options.seed ?? 1);
  const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)] as T; // index < length
  const maxClassifieds = options.maxClassifiedsPerProperty ?? 3;
  let classifiedCount = 0;
  for (let start = 0; start < options.properties; start += PROPERTY_CHUNK) {
    const propertyRows: NewPropertyRow[] = [];
    const classifiedRows: NewClassifiedRow[] = [];
    for (let i = start; i < Math.min(options.properties, start + PROPERTY_CHUNK); i += 1) {
      const place = pick(PLACES);
      const propertyType = pick(PROPERTY_TYPES);
      const transactionType = pick(TRANSACTION_TYPES);
      const price = transactionType === "rent" ? 400 + Math.floor(random() * 3_000) : 50_000 + Math.floor(random() * 1_500_000);
      const area = 15 + Math.floor(random() * 200);
      const rooms = 1 + Math.floor(random() * 7);
      const flags = { balconyExists: random() < 0.4, terraceExists: random() < 0.3, parkingExists: random() < 0.3 };
      const property = propertyValues(place, {
        propertyType,
        transactionType,
        priceInitial: price,
        priceCurrent: price,
        pricePerSquareMeter: Math.round(price / area),
        area,
        roomCount: rooms,
        bedroomCount: Math.max(0, rooms - 1),
        dpeLabel: pick(["a", "b", "c", "d", "e", "f", "g"]),
        ...flags,
        firstSeenAt: new Date(Date.parse("2024-01-01T00:00:00Z") + Math.floor(random() * 300 * 86_400_000)),
      });
      const count = 1 + Math.floor(random() * maxClassifieds);
      const domains = new Set<string>();
      for (let c = 0; c < count; c += 1) {
        const publisher = pick(PUBLISHERS);
        const domain = pick(["seloger.com", "leboncoin.fr", "pap.fr", "bienici.com"]);
        domains.add(domain);
        classifiedRows.push(
          classifiedValues(property.id as string, place, {
            // propertyValues always sets an id
            sourceDomain: domain,
            sourceUrl: `https://www.${domain}/annonce/${options.seed ?? 1}-${i}-${c}-${Math.floor(random() * 1e9)}`,
            status: random() < 0.9 ? "available" : pick(LISTING_STATUSES),
            propertyType,
            transactionType,
            priceInitial: price,
            priceCurrent: price,
            area,
            roomCount: rooms,
            publisherSiren: publisher.siren,
            publisherSiret: publisher.siret,
            ...flags,
          }),
        );
      }
      property.leadClassifiedId = classifiedRows[classifiedRows.length - count]?.id ?? null;
      property.sourceDomains = [...domains];
      property.sourceDomainsCount = domains.size;
      propertyRows.push(property);
    }
    await db.insert(properties).values(propertyRows);
    for (let c = 0; c < classifiedRows.length; c += PROPERTY_CHUNK) {
      await db.insert(classifieds).values(classifiedRows.slice(c, c + PROPERTY_CHUNK));
    }
    const images = classifiedRows.flatMap((row) => imageValues(row.id as string, options.imagesPerClassified ?? 2)); // ids set by classifiedValues
    await insertImages(db, images);
    const history = classifiedRows.flatMap(
      (row) => historyValues({ id: row.id as string, firstSeenAt: row.firstSeenAt }, [row.priceInitial]), // ids set by classifiedValues
    );
    for (let c = 0; c < history.length; c += 5_000) await db.insert(classifiedPriceHistory).values(history.slice(c, c + 5_000));
    classifiedCount += classifiedRows.length;
    options.onProgress?.(start + propertyRows.length);
  }
  return { properties: options.properties, classifieds: classifiedCount };
}
