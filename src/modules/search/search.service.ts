import type { Database } from "../../db/client.js";
import type { Contract } from "../../domain/contract.js";
import { expandedTextQuery } from "./text-expansions.js";
import { normaliseSearchQuery } from "./search-text.js";
import { searchPropertyPage } from "./search.repository.js";
import {
  DEFAULT_PROPERTY_SEARCH_SORT,
  DEFAULT_SEARCH_THRESHOLD,
  type PropertySearchFilter,
  type PropertySearchPage,
  type PropertySearchResult,
  type PropertySearchSort,
  type SearchPage,
} from "./search.types.js";

/**
 * The one property search, shared by GraphQL `properties(...)` and REST `POST /properties/search`: ids of
 * the matching properties visible under `contract`, the page `{ offset, limit }` (or `{ after, limit }`) of them
 * in `sort` order, and the total number of matches (exact up to EXACT_TOTAL_BOUND, a lower bound beyond). The contract is an implicit filter, intersected with the requested one.
 *
 * Inputs are expected to be valid (checked at the edge); empty lists, and a query without letters or digits
 * or made of stop words only, do not filter. Results are deterministic: equal sort keys are ordered by id,
 * so consecutive pages never repeat or skip a property while the data does not change.
 */
export async function searchProperties(
  db: Database,
  contract: Contract,
  filter: PropertySearchFilter,
  sort: PropertySearchSort = DEFAULT_PROPERTY_SEARCH_SORT,
  page: SearchPage = { offset: 0, limit: 20 },
): Promise<PropertySearchResult> {
  const { rows, total, totalIsExact } = await searchPropertiesPage(db, contract, filter, sort, page);
  return { ids: rows.map((row) => row.id), total, totalIsExact };
}

/**
 * The same search, answering the rows of the page (as `contract` shows them) rather than their ids: the
 * transports prime the request's property loader with them, which saves a statement and a round trip.
 */
export async function searchPropertiesPage(
  db: Database,
  contract: Contract,
  filter: PropertySearchFilter,
  sort: PropertySearchSort = DEFAULT_PROPERTY_SEARCH_SORT,
  page: SearchPage = { offset: 0, limit: 20 },
): Promise<PropertySearchPage> {
  const query = normaliseSearchQuery(filter.searchQuery);
  const text = query === null ? null : await expandedTextQuery(db, query, threshold(filter.searchThreshold));
  // Out-of-range numbers would be SQL errors; the edges validate them, this keeps any caller safe.
  const safePage = { ...page, offset: Math.max(0, Math.floor(page.offset) || 0), limit: Math.max(0, Math.floor(page.limit) || 0) };
  return searchPropertyPage(db, contract, filter, text, sort, safePage);
}

function threshold(value: number | undefined): number {
  return value === undefined || Number.isNaN(value) ? DEFAULT_SEARCH_THRESHOLD : Math.min(1, Math.max(0, value));
}
