import type { ClassifiedImageRow, ClassifiedRow, PropertyRow } from "../../db/schema/index.js";
import { canonicalUrlKey } from "../../domain/url-key.js";
import { listClassifiedImages, listClassifiedsOfProperty, readAheadClassifiedsOf, type ClassifiedDetails } from "../classifieds/classifieds.service.js";
import { isUuid } from "../loader-order.js";
import type { RequestContext } from "../request-context.js";
import { searchPropertiesPage } from "../search/search.service.js";
import type { PropertySearchFilter, PropertySearchPage, PropertySearchSort, SearchPage } from "../search/search.types.js";

/** Reads of properties for every transport, through the request's loaders and so within its contract. */

/**
 * What to read with properties, in the same round trip, for callers that will show it: their visible
 * classifieds (`true`), or those and the classifieds' details (see readAheadClassifiedsOf). Reading them
 * along reveals nothing: an invisible property has no visible classified.
 */
export type WithClassifieds = { withClassifieds?: boolean | ClassifiedDetails };

/**
 * The property with that id, or null when it does not exist, is outside the contract or `id` is no UUID. The id
 * of a property absorbed by a merge gives the property that absorbed it (whose `id` differs from the one asked).
 * `withClassifieds` reads its classifieds (which its description and images also come from) at the same time.
 */
export async function getProperty(ctx: RequestContext, id: string, options: WithClassifieds = {}): Promise<PropertyRow | null> {
  if (!isUuid(id)) return null;
  const key = id.toLowerCase();
  const row = await propertyWithId(ctx, key, options);
  if (row !== null) return row;
  const survivor = await ctx.loaders.propertyRedirect.load(key);
  return survivor === null ? null : propertyWithId(ctx, survivor, options);
}

async function propertyWithId(ctx: RequestContext, key: string, { withClassifieds = false }: WithClassifieds): Promise<PropertyRow | null> {
  if (!withClassifieds) return ctx.loaders.propertyById.load(key);
  const property = ctx.loaders.propertyById.load(key);
  const classifieds = withClassifieds === true ? ctx.loaders.classifiedsByPropertyId.load(key) : readAheadClassifiedsOf(ctx, [key], withClassifieds);
  const [row] = await Promise.all([property, classifieds]);
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
 * navigating back to them, costs no statement; `withClassifieds` then reads the page's classifieds at once.
 */
export async function searchPropertyRows(
  ctx: RequestContext,
  filter: PropertySearchFilter,
  sort: PropertySearchSort,
  page: SearchPage,
  { withClassifieds = false }: WithClassifieds = {},
): Promise<PropertySearchPage> {
  const found = await searchPropertiesPage(ctx.db, ctx.contract, filter, sort, page);
  for (const row of found.rows) ctx.loaders.propertyById.prime(row.id, row);
  if (withClassifieds) {
    await readAheadClassifiedsOf(
      ctx,
      found.rows.map((row) => row.id),
      withClassifieds === true ? {} : withClassifieds,
    );
  }
  return found;
}

/**
 * The property of the classified published at `url` (canonical url key match), when that classified is visible;
 * `withClassifieds` as for getProperty.
 */
export async function findPropertyByUrl(ctx: RequestContext, url: string, options: WithClassifieds = {}): Promise<PropertyRow | null> {
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
