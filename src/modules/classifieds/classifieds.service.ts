import type DataLoader from "dataloader";
import type { ClassifiedImageRow, ClassifiedPriceHistoryRow, ClassifiedRow } from "../../db/schema/index.js";
import { canonicalUrlKey } from "../../domain/url-key.js";
import { isUuid, manyPerKey } from "../loader-order.js";
import type { RequestContext } from "../request-context.js";
import { findImagesByPropertyIds, findPriceHistoryByPropertyIds } from "./classifieds.repository.js";

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

/** What a caller will show of each classified of a property, besides the classified itself. */
export type ClassifiedDetails = { images?: boolean; priceHistory?: boolean };

/**
 * Reads the visible classifieds of these properties and, as asked, their images and price history, into the
 * request's loaders, all in one round trip: the reads that follow (listClassifiedsOfProperty,
 * listClassifiedImages, listClassifiedPriceHistory) cost no statement. Without it, images and prices wait for
 * the classifieds they hang off and take a round trip more. For callers that will show them: nothing is
 * read that they would not read anyway.
 */
export async function readAheadClassifiedsOf(ctx: RequestContext, propertyIds: readonly string[], details: ClassifiedDetails = {}): Promise<void> {
  const ids = propertyIds.filter(isUuid).map((id) => id.toLowerCase());
  if (ids.length === 0) return;
  const [lists, images, priceHistory] = await Promise.all([
    ctx.loaders.classifiedsByPropertyId.loadMany(ids),
    details.images ? findImagesByPropertyIds(ctx.db, ctx.contract, ids) : undefined,
    details.priceHistory ? findPriceHistoryByPropertyIds(ctx.db, ctx.contract, ids) : undefined,
  ]);
  // Every visible classified gets its list, empty ones too; a failed read of the classifieds primes nothing
  // (the error comes back to whoever reads them).
  const classifiedIds = lists.flatMap((list) => (list instanceof Error ? [] : list.map((classified) => classified.id)));
  const prime = <R extends { classifiedId: string }>(loader: DataLoader<string, R[]>, rows: readonly R[]) => {
    const perClassified = manyPerKey(classifiedIds, rows, (row) => row.classifiedId);
    classifiedIds.forEach((id, index) => {
      loader.prime(id, perClassified[index] ?? []);
    });
  };
  if (images) prime(ctx.loaders.imagesByClassifiedId, images);
  if (priceHistory) prime(ctx.loaders.priceHistoryByClassifiedId, priceHistory);
}
