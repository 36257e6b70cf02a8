import { and, asc, desc, getTableColumns, inArray, sql, type Query, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Database } from "../../db/client.js";
import { properties, type PropertyRow } from "../../db/schema/index.js";
import type { Contract } from "../../domain/contract.js";
import { visibleProperties } from "../access/access.repository.js";
import { badInput } from "../../errors.js";
import { columnList, compiledRowMapper, rawRows } from "../compiled-row-mapper.js";
import { broadAsOf, broadSearchKey, forgetBroad, rememberBroad } from "./broad-searches.js";
import { currentDataVersion, DATA_VERSION } from "./data-version.js";
import { filterConditions } from "./search-filter.repository.js";
import { textMatches, textRelevance } from "./search-text.repository.js";
import { isPositionText, type SortKeyKind } from "./sort-position.js";
import type { TextQuery } from "./search-text.js";
import {
  EXACT_TOTAL_BOUND,
  type PropertySearchFilter,
  type PropertySearchPage,
  type PropertySearchSort,
  type SearchPage,
  type SearchTotal,
  type SortPosition,
} from "./search.types.js";

/**
 * The properties that match `filter` (and `text`, the expanded form of its `searchQuery`) within `contract`,
 * one page of them in `sort` order, and how many match in all (exactly up to {@link EXACT_TOTAL_BOUND}). The
 * contract predicate is always part of the condition. The page carries whole rows, as the contract shows them
 * (the same rows `propertyById` loads), so that callers need no second statement to read the properties of the
 * page.
 */
export async function searchPropertyPage(
  db: Database,
  contract: Contract,
  filter: PropertySearchFilter,
  text: TextQuery | null,
  sort: PropertySearchSort,
  page: SearchPage,
): Promise<PropertySearchPage> {
  const visible = visibleProperties(db, contract);
  const where = and(visible.where, ...filterConditions(filter), text ? textMatches(text) : undefined);
  const search = { database: db, visible, where, key: broadSearchKey(contract, filter, text) };
  const key = sortKey(sort, text);
  return (await pageOfKnownBroadSearch(search, key, sort.order, page)) ?? pageAndTotal(search, key, sort.order, page);
}

const PAGE_COLUMNS = getTableColumns(properties);
/**
 * Every column of `properties`, as one SQL fragment rendered once (rendered by Drizzle for every statement, it
 * was two fifths of the time it took to build the search statement). The names are not qualified, so they read
 * the contract's view of `properties` when the statement has one (access.repository.ts).
 */
const PAGE_COLUMN_LIST = columnList(PAGE_COLUMNS);
/**
 * Each page row: the property's columns, then its sort key as text, the count of all matches (when the
 * statement counts) and the data version the statement read (broad-searches.ts).
 */
const propertyOfPageRow = compiledRowMapper<PropertyRow>(PAGE_COLUMNS);
const SORT_KEY_INDEX = Object.keys(PAGE_COLUMNS).length;
const TOTAL_INDEX = SORT_KEY_INDEX + 1;
const VERSION_INDEX = TOTAL_INDEX + 1;

/** The matches, up to one past the bound: enough to tell an exact total from a lower bound. */
function boundedMatches(where: SQL | undefined): SQL {
  return sql`(select 1 from ${properties} where ${where ?? sql`true`} limit ${EXACT_TOTAL_BOUND + 1}) as bounded`;
}

function totalOf(counted: number): SearchTotal {
  return counted > EXACT_TOTAL_BOUND ? { total: EXACT_TOTAL_BOUND, totalIsExact: false } : { total: counted, totalIsExact: true };
}

/** Where a statement reads `properties` from: the table, or the contract's view of it (access.repository.ts). */
type VisibleProperties = ReturnType<typeof visibleProperties>;

/** One search: where it reads, its whole condition, and the key its count is remembered by (broad-searches.ts). */
type Search = { database: Database; visible: VisibleProperties; where: SQL | undefined; key: string };

/**
 * The page and the total, in one statement when no more than EXACT_TOTAL_BOUND properties match: they are read
 * once, sorted, and the page taken from them. Choosing from the count, rather than leaving the choice to the
 * planner, matters: when few properties match, an index in sort order reads past every property that does
 * not (1.2 s for one department's flats by price among a million, where its own index and a sort take a few
 * milliseconds); when more match, the page is read through the index in sort order by a second statement,
 * from the position of `page.after` when given (keyset), which stops after one page.
 */
async function pageAndTotal(search: Search, key: SortKey, order: PropertySearchSort["order"], page: SearchPage): Promise<PropertySearchPage> {
  const { database, visible, where } = search;
  if (page.limit === 0) return { rows: [], positions: [], ...(await countMatches(search)) };
  const matches = database.$with("matches").as(
    database
      .select({ id: properties.id, sortKey: sql`${key.expression}`.as("sort_key") })
      .from(properties)
      .where(where)
      .limit(EXACT_TOTAL_BOUND + 1),
  );
  const matchKey = { ...key, expression: matches.sortKey };
  const pageIds = database
    .select({ id: matches.id })
    .from(matches)
    .where(page.after ? after(matchKey, order, page.after, matches.id) : undefined)
    .orderBy(...orderBy(matchKey, order, matches.id))
    .limit(page.limit)
    .offset(page.after ? 0 : page.offset);
  const fromMatches = await pageRows(
    database,
    database
      .with(...visible.views, matches)
      .select({
        columns: PAGE_COLUMN_LIST,
        sortKey: positionText(key),
        total: sql<number>`(select count(*)::int from ${matches})`,
        version: DATA_VERSION,
      })
      .from(properties)
      .where(inArray(properties.id, pageIds))
      .orderBy(...orderBy(key, order)),
  );
  if (fromMatches.total === undefined) {
    // An empty first page means no match; an empty page further on (past the end of the matches read, which
    // beyond the bound are only some of them) says nothing of the count.
    const onFirstPage = page.offset === 0 && !page.after;
    const total = onFirstPage ? totalOf(0) : await countMatches(search);
    if (total.totalIsExact) return { rows: [], positions: [], ...total };
  } else if (fromMatches.total <= EXACT_TOTAL_BOUND) {
    return { rows: fromMatches.rows, positions: fromMatches.positions, ...totalOf(fromMatches.total) };
  } else if (fromMatches.version !== undefined) {
    rememberBroad(database, search.key, fromMatches.version);
  }
  const inOrder = await pageInSortOrder(search, key, order, page);
  return { rows: inOrder.rows, positions: inOrder.positions, ...totalOf(EXACT_TOTAL_BOUND + 1) };
}

/**
 * The page of a search remembered to match more than the bound (broad-searches.ts), when the data has not
 * changed since: read through the sort order's index, without counting again (a request for the count alone
 * reads only the version). Undefined otherwise.
 */
async function pageOfKnownBroadSearch(
  search: Search,
  key: SortKey,
  order: PropertySearchSort["order"],
  page: SearchPage,
): Promise<PropertySearchPage | undefined> {
  const version = broadAsOf(search.database, search.key);
  if (version === undefined) return undefined;
  const known =
    page.limit === 0 ? { rows: [], positions: [], version: await currentDataVersion(search.database) } : await pageInSortOrder(search, key, order, page);
  if (known.version === version) return { rows: known.rows, positions: known.positions, ...totalOf(EXACT_TOTAL_BOUND + 1) };
  forgetBroad(search.database, search.key);
  return undefined;
}

/**
 * The page read through the sort order's index, for a search with more matches than the bound. The ids first,
 * then their rows: the ids of the page and of the rows skipped before it come from the index alone (see the
 * schema of properties), and only the page's rows are read from the table.
 */
async function pageInSortOrder(search: Search, key: SortKey, order: PropertySearchSort["order"], page: SearchPage): Promise<PageRows> {
  const idsInOrder = search.database
    .select({ id: properties.id })
    .from(properties)
    .where(page.after ? and(search.where, after(key, order, page.after)) : search.where)
    .orderBy(...orderBy(key, order))
    .limit(page.limit)
    .offset(page.after ? 0 : page.offset);
  return pageRows(
    search.database,
    search.visible.query
      .select({ columns: PAGE_COLUMN_LIST, sortKey: positionText(key), total: sql`null`, version: DATA_VERSION })
      .from(properties)
      .where(inArray(properties.id, idsInOrder))
      .orderBy(...orderBy(key, order)),
  );
}

/** A page's rows and positions, with the count and the data version the statement read (none without a row). */
type PageRows = Pick<PropertySearchPage, "rows" | "positions"> & { total?: number; version?: string };

/**
 * Runs a page statement (the property's columns, its position text, the count or null, the data version) and
 * maps its rows by the compiled row mapping (compiled-row-mapper.ts) rather than Drizzle's generic one, which
 * cost about as much CPU as building the statement: the same rows.
 */
async function pageRows(database: Database, statement: { toSQL(): Query }): Promise<PageRows> {
  const rows = await rawRows(database, statement.toSQL());
  const mapped = rows.map(propertyOfPageRow);
  const positions = rows.map((row, index) => ({ key: (row[SORT_KEY_INDEX] as string | null) ?? null, id: mapped[index]?.id ?? "" }));
  const first = rows[0];
  if (first === undefined) return { rows: mapped, positions };
  const total = first[TOTAL_INDEX];
  return { rows: mapped, positions, total: total === null ? undefined : Number(total), version: String(first[VERSION_INDEX]) };
}

async function countMatches(search: Search): Promise<SearchTotal> {
  const [counted] = await search.visible.query
    .select({ total: sql<number>`(select count(*)::int from ${boundedMatches(search.where)})`, version: DATA_VERSION })
    .from(sql`(select) as one_row`);
  const total = totalOf(counted?.total ?? 0);
  if (counted && !total.totalIsExact) rememberBroad(search.database, search.key, counted.version);
  return total;
}

/** A sort key: the expression, whether it may be null, and what kind of value it is (see sort-position.ts). */
type SortKey = { expression: AnyPgColumn | SQL | SQL.Aliased; nullable: boolean; kind: SortKeyKind };

/** The sort key, then the id in the same direction so that equal keys never swap between pages. */
function orderBy(key: SortKey, order: PropertySearchSort["order"], id: AnyPgColumn | SQL.Aliased = properties.id): SQL[] {
  const direction = order === "asc" ? asc : desc;
  const keyOrder = key.nullable ? sql`${direction(key.expression)} nulls last` : direction(key.expression);
  return [keyOrder, direction(id)];
}

/**
 * The results that come after `position` in that order (null keys last in both directions). Written as a
 * range on the key first, so that an index on the key starts right at the position instead of reading from
 * the beginning.
 */
function after(key: SortKey, order: PropertySearchSort["order"], position: SortPosition, id: AnyPgColumn | SQL.Aliased = properties.id): SQL {
  const beyond = order === "asc" ? sql.raw(">") : sql.raw("<");
  const idBeyond = sql`${id} ${beyond} ${position.id}::uuid`;
  if (position.key === null) return sql`(${key.expression} is null and ${idBeyond})`;
  const value = positionValue(key.kind, position.key);
  const onward = sql`${key.expression} ${beyond}= ${value} and (${key.expression} ${beyond} ${value} or ${idBeyond})`;
  return key.nullable ? sql`((${onward}) or ${key.expression} is null)` : sql`(${onward})`;
}

/** The sort key of a row as a position's text: exact, and a plain number whatever the kind. */
function positionText(key: SortKey): SQL {
  return key.kind === "time" ? sql`(extract(epoch from ${key.expression}) * 1000000)::int8::text` : sql`(${key.expression})::text`;
}

/** A position's text (checked by `isPositionText`) as a value to compare the sort key with. */
function positionValue(kind: SortKeyKind, text: string): SQL {
  if (!isPositionText(kind, text)) throw badInput("Invalid cursor.", { after: ["is not a cursor returned by this API for this order"] });
  switch (kind) {
    case "time":
      return sql`(timestamptz 'epoch' + ${text}::int8 * interval '1 microsecond')`;
    case "integer":
      return sql`${text}::int4`;
    case "real":
      return sql`${text}::float8`;
  }
}

function sortKey(sort: PropertySearchSort, text: TextQuery | null): SortKey {
  switch (sort.by) {
    case "firstSeenAt":
      return { expression: properties.firstSeenAt, nullable: false, kind: "time" };
    case "lastSeenAt":
      return { expression: properties.lastSeenAt, nullable: false, kind: "time" };
    case "lastUpdatedAt":
      return { expression: properties.lastModifiedAt, nullable: false, kind: "time" };
    case "price":
      return { expression: properties.priceCurrent, nullable: false, kind: "integer" };
    case "priceChangeDate":
      return { expression: properties.priceChangedAt, nullable: true, kind: "time" };
    case "pricePerSquareMeter":
      return { expression: properties.pricePerSquareMeter, nullable: true, kind: "integer" };
    case "relevance":
      return text
        ? { expression: sql`(${textRelevance(text)})::float8`, nullable: false, kind: "real" }
        : { expression: properties.firstSeenAt, nullable: false, kind: "time" };
  }
}
