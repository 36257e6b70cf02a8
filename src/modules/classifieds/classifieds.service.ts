import type { ClassifiedImageRow, ClassifiedPriceHistoryRow, ClassifiedRow } from "../../db/schema/index.js";
import { canonicalUrlKey } from "../../domain/url-key.js";
import { isUuid } from "../loader-order.js";
import type { RequestContext } from "../request-context.js";

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
