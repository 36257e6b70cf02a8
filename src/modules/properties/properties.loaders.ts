import DataLoader from "dataloader";
import type { Database } from "../../db/client.js";
import type { PropertyRow } from "../../db/schema/index.js";
import type { Contract } from "../../domain/contract.js";
import { onePerKey } from "../loader-order.js";
import { findPropertiesByIds, findPropertyIdsByUrlKeys, findPropertyRedirects } from "./properties.repository.js";

/** One DataLoader per access path to properties, all bound to one request's contract. */
export type PropertyLoaders = {
  /** The visible property with that id, or null (unknown and out of contract look the same). */
  propertyById: DataLoader<string, PropertyRow | null>;
  /** The property id of the visible classified with that canonical url key, or null. */
  propertyIdByUrlKey: DataLoader<string, string | null>;
  /** The property that absorbed the property with that id in a merge, or null. */
  propertyRedirect: DataLoader<string, string | null>;
};

const MAX_BATCH = 1_000;

export function createPropertyLoaders(db: Database, contract: Contract): PropertyLoaders {
  return {
    propertyById: new DataLoader(async (ids) => onePerKey(ids, await findPropertiesByIds(db, contract, ids), (row) => row.id, null), {
      maxBatchSize: MAX_BATCH,
    }),
    propertyIdByUrlKey: new DataLoader(
      async (urlKeys) =>
        onePerKey(urlKeys, await findPropertyIdsByUrlKeys(db, contract, urlKeys), (row) => row.urlKey, null).map((row) => row?.propertyId ?? null),
      { maxBatchSize: MAX_BATCH },
    ),
    propertyRedirect: new DataLoader(
      async (ids) => onePerKey(ids, await findPropertyRedirects(db, ids), (row) => row.fromId, null).map((row) => row?.toId ?? null),
      { maxBatchSize: MAX_BATCH },
    ),
  };
}
