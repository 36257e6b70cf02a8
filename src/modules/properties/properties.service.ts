import type { ClassifiedImageRow, ClassifiedRow, PropertyRow } from "../../db/schema/index.js";
import { canonicalUrlKey } from "../../domain/url-key.js";
import { listClassifiedImages, listClassifiedsOfProperty } from "../classifieds/classifieds.service.js";
import { isUuid } from "../loader-order.js";
import type { RequestContext } from "../request-context.js";
import { searchPropertiesPage } from "../search/search.service.js";
import type { PropertySearchFilter, PropertySearchSort, SearchPage } from "../search/search.types.js";

/** Reads of properties for every transport, through the request's loaders and so within its contract. */

/**
 * The property with that id, or null when it does not exist, is outside the contract or `id` is no UUID.
 * `withClassifieds` reads its visible classifieds in the same round trip, for callers that will show them
 * (or its description or images, which come from them): two statements at once rather than one after the
 * other. Reading them first reveals nothing: an invisible property has no visible classified.
 */
export async function getProperty(ctx: RequestContext, id: string, { withClassifieds = false } = {}): Promise<PropertyRow | null> {
  if (!isUuid(id)) return null;
  const key = id.toLowerCase();
  if (!withClassifieds) return ctx.loaders.propertyById.load(key);
  const [row] = await Promise.all([ctx.loaders.propertyById.load(key), ctx.loaders.classifiedsByPropertyId.load(key)]);
  return row;
}

/** Several properties by id, in the order given, without those that are absent or invisible. */
export async function getProperties(ctx: RequestContext, ids: readonly string[]): Promise<PropertyRow[]> {
  const rows = await Promise.all(ids.map((id) => getProperty(ctx, id)));
  return rows.filter((row): row is PropertyRow => row !== null);
}

/**
 * One page of the property search within the caller's contract, as rows in order, and the total. The rows
 * prime the request's property loader (they are what `propertyById` would load), so reading them again, or
 * navigating back to them, costs no statement.
 */
export async function searchPropertyRows(
  ctx: RequestContext,
  filter: PropertySearchFilter,
  sort: PropertySearchSort,
  page: SearchPage,
): Promise<{ rows: PropertyRow[]; total: number }> {
  const found = await searchPropertiesPage(ctx.db, ctx.contract, filter, sort, page);
  for (const row of found.rows) ctx.loaders.propertyById.prime(row.id, row);
  return found;
}

/**
 * The property of the classified published at `url` (canonical url key match), when that classified is visible;
 * `withClassifieds` as for getProperty.
 */
export async function findPropertyByUrl(ctx: RequestContext, url: string, options: { withClassifieds?: boolean } = {}): Promise<PropertyRow | null> {
  const key = canonicalUrlKey(url);
  if (key === null) return null;
  const propertyId = await ctx.loaders.propertyIdByUrlKey.load(key);
  return propertyId === null ? null : getProperty(ctx, propertyId, options);
}

/**
 * The classified a property shows its description and images from: its lead classified when the caller may
 * see it, otherwise the oldest classified the caller may see. A caller never sees the images or text of a
 * classified outside its contract through the property.
 */
export async function showcaseClassifiedOf(ctx: RequestContext, property: PropertyRow): Promise<ClassifiedRow | null> {
  const visible = await listClassifiedsOfProperty(ctx, property.id);
  return visible.find((classified) => classified.id === property.leadClassifiedId) ?? visible[0] ?? null;
}

/** The property's images: those of its showcase classified. */
export async function listPropertyImages(ctx: RequestContext, property: PropertyRow): Promise<ClassifiedImageRow[]> {
  const showcase = await showcaseClassifiedOf(ctx, property);
  return showcase === null ? [] : listClassifiedImages(ctx, showcase.id);
}

/** The property's description: its own (the lead's) when the lead is visible, else the showcase classified's. */
export async function propertyDescriptionOf(ctx: RequestContext, property: PropertyRow): Promise<string | null> {
  const showcase = await showcaseClassifiedOf(ctx, property);
  if (showcase === null) return null;
  return showcase.id === property.leadClassifiedId ? property.description : showcase.description;
}
