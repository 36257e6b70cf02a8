import type DataLoader from "dataloader";
import type { ClassifiedImageRow, ClassifiedPriceHistoryRow, ClassifiedRow } from "../../db/schema/index.js";
import { canonicalUrlKey } from "../../domain/url-key.js";
import { isUuid, manyPerKey } from "../loader-order.js";
import type { RequestContext } from "../request-context.js";
import { findClassifiedsWithDetailsByPropertyIds, type ClassifiedDetails } from "./classifieds.repository.js";

export type { ClassifiedDetails } from "./classifieds.repository.js";

/**
 * Reads of classifieds for every transport. All go through the request's loaders, so they are batched, cached
 * for the request and bounded by the caller's contract: out of contract reads exactly like not found.
 */

/** The classified with that id, or null when it does not exist, is outside the contract or `id` is no UUID. */
export async function getClassified(ctx: RequestContext, id: string): Promise<ClassifiedRow | null> {
  return isUuid(id) ? ctx.loaders.classifiedById.load(id.toLowerCase()) : null;
}

/**
 * The classified published at `url`, matched by canonical url key (scheme optional, fragment and tracking
 * parameters ignored), or null when none is visible or the text is not a web address.
 */
export async function findClassifiedByUrl(ctx: RequestContext, url: string): Promise<ClassifiedRow | null> {
  const key = canonicalUrlKey(url);
  if (key === null) return null;
  const id = await ctx.loaders.classifiedIdByUrlKey.load(key);
  return id === null ? null : ctx.loaders.classifiedById.load(id);
}

/** The visible classifieds of a property, oldest first; empty when the property is unknown or invisible. */
export async function listClassifiedsOfProperty(ctx: RequestContext, propertyId: string): Promise<ClassifiedRow[]> {
  return isUuid(propertyId) ? ctx.loaders.classifiedsByPropertyId.load(propertyId.toLowerCase()) : [];
}

/** Images of a visible classified, by position. */
export function listClassifiedImages(ctx: RequestContext, classifiedId: string): Promise<ClassifiedImageRow[]> {
  return ctx.loaders.imagesByClassifiedId.load(classifiedId);
}

/** Price history of a visible classified, oldest first; the first entry is the initial price. */
export function listClassifiedPriceHistory(ctx: RequestContext, classifiedId: string): Promise<ClassifiedPriceHistoryRow[]> {
  return ctx.loaders.priceHistoryByClassifiedId.load(classifiedId);
}

/**
 * Reads the visible classifieds of these properties and, as asked, their images and price history, into the
 * request's loaders, in one statement: the reads that follow (listClassifiedsOfProperty, listClassifiedImages,
 * listClassifiedPriceHistory) cost no statement. Without it, images and prices wait for the classifieds they
 * hang off and take a round trip more. For callers that will show them: nothing is read that they would not
 * read anyway.
 */
export async function readAheadClassifiedsOf(ctx: RequestContext, propertyIds: readonly string[], details: ClassifiedDetails = {}): Promise<void> {
  const ids = propertyIds.filter(isUuid).map((id) => id.toLowerCase());
  if (ids.length === 0) return;
  if (!details.images && !details.priceHistory) {
    await ctx.loaders.classifiedsByPropertyId.loadMany(ids);
    return;
  }
  const found = await findClassifiedsWithDetailsByPropertyIds(ctx.db, ctx.contract, ids, details);
  const perProperty = manyPerKey(ids, found.classifieds, (classified) => classified.propertyId);
  ids.forEach((id, index) => {
    ctx.loaders.classifiedsByPropertyId.prime(id, perProperty[index] ?? []);
  });
  for (const classified of found.classifieds) ctx.loaders.classifiedById.prime(classified.id, classified);
  // Every visible classified gets its lists, empty ones too.
  const classifiedIds = found.classifieds.map((classified) => classified.id);
  const prime = <R extends { classifiedId: string }>(loader: DataLoader<string, R[]>, rows: readonly R[]) => {
    const perClassified = manyPerKey(classifiedIds, rows, (row) => row.classifiedId);
    classifiedIds.forEach((id, index) => {
      loader.prime(id, perClassified[index] ?? []);
    });
  };
  if (details.images) prime(ctx.loaders.imagesByClassifiedId, found.images);
  if (details.priceHistory) prime(ctx.loaders.priceHistoryByClassifiedId, found.priceHistory);
}
