import { and, asc, desc, getTableColumns, sql, type SQL } from "drizzle-orm";
import { PgDialect, type AnyPgColumn } from "drizzle-orm/pg-core";
import type { Database } from "../../db/client.js";
import { properties, type PropertyRow } from "../../db/schema/index.js";
import type { Contract } from "../../domain/contract.js";
import { visibleProperties } from "../access/access.repository.js";
import { compiledRowMapper, rawRows } from "../compiled-row-mapper.js";
import { filterConditions } from "./search-filter.repository.js";
import { textMatches, textRelevance } from "./search-text.repository.js";
import type { TextQuery } from "./search-text.js";
import type { PropertySearchFilter, PropertySearchPage, PropertySearchSort, SearchPage } from "./search.types.js";

/**
 * The properties that match `filter` (and `text`, the expanded form of its `searchQuery`) within `contract`,
 * one page of them in `sort` order, and how many match in all. The contract predicate is always part of the
 * condition. The page carries whole rows, as the contract shows them (the same rows `propertyById` loads), so
 * that callers need no second statement to read the properties of the page.
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
  return pageAndTotal(db, visible.query, where, orderOf(sort, text), page);
}

const PAGE_COLUMNS = getTableColumns(properties);
/**
 * Every column of `properties`, as one SQL fragment rendered once: Drizzle renders a selection column by
 * column on every statement, two fifths of the time it took to build the search statement. The names are not
 * qualified, so they read the contract's view of `properties` when the statement has one (access.repository.ts).
 */
const PAGE_COLUMN_LIST = sql.raw(columnList(Object.values(PAGE_COLUMNS)));
/** Each page row: the property's columns, then the count of all matches. */
const propertyOfPageRow = compiledRowMapper<PropertyRow>(PAGE_COLUMNS);
const TOTAL_INDEX = Object.keys(PAGE_COLUMNS).length;

function columnList(columns: readonly AnyPgColumn[]): string {
  const dialect = new PgDialect();
  return columns.map((column) => dialect.escapeName(column.name)).join(", ");
}

async function pageAndTotal(
  database: Database,
  /** Where the statement reads `properties` from: the table, or the contract's view of it. */
  db: ReturnType<Database["with"]>,
  where: SQL | undefined,
  orderBy: SQL[],
  page: SearchPage,
): Promise<PropertySearchPage> {
  if (page.limit === 0) return { rows: [], total: await countMatches(db, where) };
  // One statement: the page, each row carrying the count of all matches. The count is an uncorrelated subquery,
  // which PostgreSQL runs once, apart from the page: a window count (`count(*) over ()`) would make it read
  // every match even when an index in sort order could stop after one page (measured: 300 ms instead of 5 ms).
  const total = sql<number>`(select count(*)::int from ${properties} where ${where ?? sql`true`})`;
  const statement = db
    .select({ columns: PAGE_COLUMN_LIST, total })
    .from(properties)
    .where(where)
    .orderBy(...orderBy)
    .limit(page.limit)
    .offset(page.offset)
    .toSQL();
  // Raw rows, mapped by the compiled row mapping (compiled-row-mapper.ts) rather than Drizzle's generic one,
  // which cost about as much CPU as building the statement: the same rows.
  const rows = await rawRows(database, statement);
  const first = rows[0];
  if (first) return { rows: rows.map(propertyOfPageRow), total: Number(first[TOTAL_INDEX]) };
  // An empty first page means no match; an empty page further on (past the end) says nothing of the count.
  return { rows: [], total: page.offset === 0 ? 0 : await countMatches(db, where) };
}

async function countMatches(db: ReturnType<Database["with"]>, where: SQL | undefined): Promise<number> {
  const [counted] = await db.select({ total: sql<number>`count(*)::int` }).from(properties).where(where);
  return counted?.total ?? 0;
}

/** The sort key, then the id in the same direction so that equal keys never swap between pages. */
function orderOf(sort: PropertySearchSort, text: TextQuery | null): SQL[] {
  const direction = sort.order === "asc" ? asc : desc;
  const key = sortKey(sort, text);
  const keyOrder = key.nullable ? sql`${direction(key.expression)} nulls last` : direction(key.expression);
  return [keyOrder, direction(properties.id)];
}

function sortKey(sort: PropertySearchSort, text: TextQuery | null): { expression: AnyPgColumn | SQL; nullable: boolean } {
  switch (sort.by) {
    case "firstSeenAt":
      return { expression: properties.firstSeenAt, nullable: false };
    case "lastSeenAt":
      return { expression: properties.lastSeenAt, nullable: false };
    case "lastUpdatedAt":
      return { expression: properties.lastModifiedAt, nullable: false };
    case "price":
      return { expression: properties.priceCurrent, nullable: false };
    case "priceChangeDate":
      return { expression: properties.priceChangedAt, nullable: true };
    case "pricePerSquareMeter":
      return { expression: properties.pricePerSquareMeter, nullable: true };
    case "relevance":
      return text ? { expression: textRelevance(text), nullable: false } : { expression: properties.firstSeenAt, nullable: false };
  }
}
