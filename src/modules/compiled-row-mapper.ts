import { Column, is, SQL, sql, type Query } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Database } from "../db/client.js";

/**
 * A faster row mapping for the hot prepared statements. Drizzle maps every row of a result generically: for
 * each column of each row it checks the column's class by walking prototypes (`is(field, Column)`), walks the
 * field's path and builds the object key by key. On a search page (60 classifieds of 60 columns) that was a
 * fifth of the request's CPU time. For a flat selection of table columns (what the loaders select) the
 * mapping is known when the statement is prepared: this compiles it once into one object literal per row,
 * calling a column's decoder only when it converts anything (timestamps, numerics, JSON), never the identity.
 *
 * The result is exactly what Drizzle's own mapping gives (same keys in the same order, same decoded values);
 * statements whose selection is not flat (nested objects, SQL expressions, joined tables as objects) keep
 * Drizzle's mapping.
 */

/** The parts of a Drizzle prepared query this reads and sets (the same in the postgres.js and PGlite drivers). */
type MappablePreparedQuery = {
  fields?: readonly { path: readonly string[]; field: unknown }[];
  customResultMapper?: (rows: unknown[][]) => unknown;
};

type Decoder = (value: unknown) => unknown;

const identity: Decoder = Column.prototype.mapFromDriverValue;

/** Installs the compiled mapping on a prepared query when its selection is flat; returns the query. */
export function withCompiledRowMapper<T>(prepared: T): T {
  // Drizzle keeps `fields` and `customResultMapper` as plain properties of its prepared queries (both drivers
  // read `customResultMapper` at execute time); anything else is left alone.
  const query = prepared as MappablePreparedQuery;
  const fields = query.fields;
  if (!Array.isArray(fields) || query.customResultMapper !== undefined) return prepared;
  const columns: [string, Column][] = [];
  for (const { path, field } of fields) {
    if (path.length !== 1 || !(field instanceof Column)) return prepared;
    columns.push([path[0] as string, field]); // length checked just above
  }
  const mapRow = compileColumns(columns);
  query.customResultMapper = (rows) => rows.map(mapRow);
  return prepared;
}

/**
 * The same compiled mapping for a statement built by hand whose result rows start with `columns`, in their
 * order (for instance every column of a table, then computed values the caller reads from the raw row). `Row`
 * is what Drizzle's own mapping of those columns gives, e.g. the table's `$inferSelect`.
 */
export function compiledRowMapper<Row>(columns: Record<string, Column>): (row: unknown[]) => Row {
  return compileColumns(Object.entries(columns)) as (row: unknown[]) => Row;
}

const dialect = new PgDialect();

/**
 * `columns` as one SQL fragment rendered once (`"id", "url_key", ...`, or `c."id", c."url_key", ...` with a
 * `qualifier`), in the order `compiledRowMapper(columns)` reads them: Drizzle renders a selection column by column
 * on every statement. Column names come from the schema, never from input.
 */
export function columnList(columns: Record<string, Column>, qualifier?: string): SQL {
  const prefix = qualifier === undefined ? "" : `${qualifier}.`;
  return sql.raw(
    Object.values(columns)
      .map((column) => prefix + dialect.escapeName(column.name))
      .join(", "),
  );
}

/**
 * Runs a statement built by hand (`builder.toSQL()`, or an `sql` template) and answers its rows as arrays of
 * column values, as the driver decoded them: for `compiledRowMapper`, and for values the caller reads by position.
 *
 * `prepared`: the statement's text takes few forms and its plan does not depend on its values, so PostgreSQL
 * keeps it prepared on each connection (postgres.js names it by its text) and neither parses nor plans it again.
 * Not for statements whose text varies with the request, which would each stay prepared, nor for those whose
 * best plan depends on their values (a generic plan may replace the custom one after five runs).
 */
export async function rawRows(db: Database, statement: Query | SQL, { prepared = false } = {}): Promise<unknown[][]> {
  type Arrays = { execute: unknown[][]; all: unknown; values: unknown };
  const query = is(statement, SQL) ? dialect.sqlToQuery(statement) : statement;
  // Drizzle prepares a statement on the server when it is given a name (the name itself is not used).
  const name = prepared ? "prepared" : undefined;
  return db._.session.prepareQuery<Arrays>(query, undefined, name, true, (rows) => rows).execute();
}

function compileColumns(columns: readonly [string, Column][]): (row: unknown[]) => Record<string, unknown> {
  const decoders = columns.map(([, column]) => {
    const decode = column.mapFromDriverValue;
    return decode === identity ? null : decode.bind(column);
  });
  return compileRow(
    columns.map(([key]) => key),
    decoders,
  );
}

/**
 * `(row) => ({ key0: row[0], key1: decode1(row[1]), ... })`, with nulls kept as null (as Drizzle does: decoders
 * never see null). Keys are column property names from our own schema, quoted with JSON.stringify.
 */
function compileRow(keys: readonly string[], decoders: readonly (Decoder | null)[]): (row: unknown[]) => Record<string, unknown> {
  const entries = keys.map((key, index) => {
    const value = decoders[index] ? `(row[${index}] === null ? null : d[${index}](row[${index}]))` : `row[${index}]`;
    return `${JSON.stringify(key)}: ${value}`;
  });
  // Generated once per statement and reused for every row: an object literal gives every row one shape.
  const factory = new Function("d", `return function mapRow(row) { return { ${entries.join(", ")} }; };`) as (
    d: readonly (Decoder | null)[],
  ) => (row: unknown[]) => Record<string, unknown>;
  return factory(decoders);
}
