import DataLoader from "dataloader";
import type { Database } from "../../db/client.js";
import type { ClassifiedImageRow, ClassifiedPriceHistoryRow, ClassifiedRow } from "../../db/schema/index.js";
import type { Contract } from "../../domain/contract.js";
import { manyPerKey, onePerKey } from "../loader-order.js";
import {
  findClassifiedsByIds,
  findClassifiedsByPropertyIds,
  findClassifiedsByUrlKeys,
  findImagesByClassifiedIds,
  findPriceHistoryByClassifiedIds,
} from "./classifieds.repository.js";

/** One DataLoader per access path to classifieds, all bound to one request's contract. */
export type ClassifiedLoaders = {
  /** The visible classified with that id, or null (unknown and out of contract look the same). */
  classifiedById: DataLoader<string, ClassifiedRow | null>;
  /** The visible classifieds of a property, oldest first; empty for an unknown or invisible property. */
  classifiedsByPropertyId: DataLoader<string, ClassifiedRow[]>;
  /** The images of a visible classified by position; empty otherwise. */
  imagesByClassifiedId: DataLoader<string, ClassifiedImageRow[]>;
  /** The price history of a visible classified, oldest first; empty otherwise. */
  priceHistoryByClassifiedId: DataLoader<string, ClassifiedPriceHistoryRow[]>;
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
    imagesByClassifiedId: new DataLoader(async (ids) => manyPerKey(ids, await findImagesByClassifiedIds(db, contract, ids), (row) => row.classifiedId), {
      maxBatchSize: MAX_BATCH,
    }),
    priceHistoryByClassifiedId: new DataLoader(
      async (ids) => manyPerKey(ids, await findPriceHistoryByClassifiedIds(db, contract, ids), (row) => row.classifiedId),
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
