import DataLoader from "dataloader";
import type { Database } from "../../db/client.js";
import type { ClassifiedRow } from "../../db/schema/index.js";
import type { Contract } from "../../domain/contract.js";
import { manyPerKey, onePerKey } from "../loader-order.js";
import {
  findClassifiedsByIds,
  findClassifiedsByPropertyIds,
  findClassifiedsByUrlKeys,
  findMediaByClassifiedIds,
  type ClassifiedMediaRows,
} from "./classifieds.repository.js";

/** One DataLoader per access path to classifieds, all bound to one request's contract. */
export type ClassifiedLoaders = {
  /** The visible classified with that id, or null (unknown and out of contract look the same). */
  classifiedById: DataLoader<string, ClassifiedRow | null>;
  /** The visible classifieds of a property, oldest first; empty for an unknown or invisible property. */
  classifiedsByPropertyId: DataLoader<string, ClassifiedRow[]>;
  /** The images (by position) and price history (oldest first) of a visible classified; both empty otherwise. */
  mediaByClassifiedId: DataLoader<string, ClassifiedMediaRows>;
  /** The id of the visible classified with that canonical url key, or null. */
  classifiedIdByUrlKey: DataLoader<string, string | null>;
};

/** Keys per statement: bounds the size of one array parameter; a larger batch becomes several statements. */
const MAX_BATCH = 1_000;

/**
 * Builds the loaders of one request. Rows found by one path prime the by-id cache, so navigating back to an
 * object already loaded costs no statement.
 */
export function createClassifiedLoaders(db: Database, contract: Contract): ClassifiedLoaders {
  const classifiedById = new DataLoader<string, ClassifiedRow | null>(
    async (ids) => onePerKey(ids, await findClassifiedsByIds(db, contract, ids), (row) => row.id, null),
    { maxBatchSize: MAX_BATCH },
  );
  const prime = (rows: readonly ClassifiedRow[]) => {
    for (const row of rows) classifiedById.prime(row.id, row);
  };
  return {
    classifiedById,
    classifiedsByPropertyId: new DataLoader(
      async (propertyIds) => {
        const rows = await findClassifiedsByPropertyIds(db, contract, propertyIds);
        prime(rows);
        return manyPerKey(propertyIds, rows, (row) => row.propertyId);
      },
      { maxBatchSize: MAX_BATCH },
    ),
    mediaByClassifiedId: new DataLoader(
      async (ids) => {
        const media = await findMediaByClassifiedIds(db, contract, ids);
        const images = manyPerKey(ids, media.images, (row) => row.classifiedId);
        const priceHistory = manyPerKey(ids, media.priceHistory, (row) => row.classifiedId);
        return ids.map((_, index) => ({ images: images[index] ?? [], priceHistory: priceHistory[index] ?? [] }));
      },
      { maxBatchSize: MAX_BATCH },
    ),
    classifiedIdByUrlKey: new DataLoader(
      async (urlKeys) => {
        const rows = await findClassifiedsByUrlKeys(db, contract, urlKeys);
        prime(rows);
        return onePerKey(urlKeys, rows, (row) => row.urlKey, null).map((row) => row?.id ?? null);
      },
      { maxBatchSize: MAX_BATCH },
    ),
  };
}
