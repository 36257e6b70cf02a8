/**
 * The SQL of the ingest pipeline. Reads take the database or a transaction (a batch planned ahead reads
 * outside its own transaction, see batch-pipeline.ts); writes are built as statements, which the batch sends
 * in its transaction (apply-batch.ts) or through the batch writer (batch-writer.ts). Every statement
 * is set-based: lookups bind one array parameter (`= any($1)`), writes bind one JSON array of rows expanded
 * in SQL, so a batch costs a dozen statements whatever its size and content, and the statement text does
 * not grow with the batch.
 */
import { getTableColumns, sql, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Database } from "../../db/client.js";
import {
  classifiedImageLists,
  classifiedPriceHistory,
  classifieds,
  properties,
  type ClassifiedRow,
  type PropertyRow,
  type StoredImage,
} from "../../db/schema/index.js";
import { columnList, compiledRowMapper, rawRows } from "../compiled-row-mapper.js";
import { textArrayLiteral, uuidArrayLiteral } from "../loader-order.js";
import { candidateOf, type CandidateWindow, type GroupingColumns, type PropertyCandidate } from "./property-assignment.js";
import { groupingZoneOf } from "../../domain/grouping/grouping-zone.js";
import { blockKey } from "../../domain/grouping/pair-features.js";

export async function findClassifiedsByUrlKeys(db: Database, urlKeys: readonly string[]): Promise<ClassifiedRow[]> {
  if (urlKeys.length === 0) return [];
  return db
    .select()
    .from(classifieds)
    .where(sql`${classifieds.urlKey} = any(${textArrayLiteral(urlKeys)}::text[])`);
}

/** Every classified of the given properties except those listed in `excludeIds` (already in memory). */
export async function findClassifiedsOfProperties(db: Database, propertyIds: readonly string[], excludeIds: readonly string[]): Promise<ClassifiedRow[]> {
  if (propertyIds.length === 0) return [];
  return db
    .select()
    .from(classifieds)
    .where(
      sql`${classifieds.propertyId} = any(${uuidArrayLiteral(propertyIds)}::uuid[]) and not (${classifieds.id} = any(${uuidArrayLiteral(excludeIds)}::uuid[]))`,
    );
}

export async function findPropertiesByIds(db: Database, ids: readonly string[]): Promise<PropertyRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(properties)
    .where(sql`${properties.id} = any(${uuidArrayLiteral(ids)}::uuid[])`);
}

/**
 * Stored classifieds that may be the same property as one of the new classifieds: same commune, property
 * type and transaction type, area within the window (or unknown on either side); or a neighbouring commune
 * (grouping-zone.ts) and the same types, with an area and a price within a zone's window. Read with the perceptual
 * hashes of their images in portal order. The windows are joined, not tested row by row: a commune's window is one
 * range of classifieds_match_idx, a zone's one range of classifieds_department_match_idx (its department's
 * classifieds of those types and areas, their prices checked in the index, then kept when of a commune the window
 * lists as a neighbour). The neighbours are a JSON list in the window's own row: joined as a table, they were
 * scanned whole for each row wherever the planner had no statistics to expect many, a cost that grew with the table
 * (docs/performance.md); as an array of text, the planner looked each neighbour up in classifieds_match_idx and read
 * every classified of comparable area from the table to check its price, where the department's index checks it.
 * The unknown areas have their own branches, so that
 * the known ones stay an index range: with an `or` of the three, PostgreSQL read every classified of the commune
 * and types and then filtered their areas, 4 times slower on 100,000 classifieds (41 against 11 ms for 450
 * windows).
 *
 * The windows arrive as JSON parameters, parsed once for the branches (given to each branch, they were parsed
 * three times: 7 to 14 ms each for 5,600 windows), and the classifieds without an area are looked up once per
 * block rather than once per window (1,777 lookups instead of 5,598 for the windows of 2,000 classifieds).
 */
export async function findMatchCandidates(db: Database, windows: readonly CandidateWindow[]): Promise<PropertyCandidate[]> {
  if (windows.length === 0) return [];
  // Tens of thousands of rows a batch once the table is large: mapped by the compiled mapping, not Drizzle's.
  const rows = (await rawRows(db, matchCandidatesStatement(windows))).map(groupingColumnsOfRow);
  // A classified without an area falls in its block's branch and, when a window has no area either, in the
  // window's; one of a zone in the windows of several of the batch's classifieds: keep it once.
  const unique = new Map<string, GroupingColumns>();
  for (const row of rows) if (!unique.has(row.id)) unique.set(row.id, row);
  return [...unique.values()].map(candidateOf);
}

/** The statement of `findMatchCandidates`, for windows that are not empty. */
export function matchCandidatesStatement(windows: readonly CandidateWindow[]): SQL {
  const json = (kind: CandidateWindow["kind"]) =>
    JSON.stringify(
      windows
        .filter((window) => window.kind === kind)
        .map((window) => ({
          place: window.place,
          department: window.department,
          besides: window.besides,
          grouping_type: window.groupingType,
          transaction_type: window.transactionType,
          neighbours: kind === "zone" ? window.neighbours : null,
          area_min: window.areaMin,
          area_max: window.areaMax,
          // Whole euros, as stored: compared with a bigint, the stored integer price is a condition of the index's
          // range; compared with a float it was a filter applied after reading each row of the area's range.
          price_min: window.priceMin === null ? null : Math.ceil(window.priceMin),
          price_max: window.priceMax === null ? null : Math.floor(window.priceMax),
        })),
    );
  const columns = sql.raw(
    "place text, department text, besides text, neighbours jsonb, grouping_type text, transaction_type text, area_min float8, area_max float8, price_min bigint, price_max bigint",
  );
  const inBlock = sql`c.insee_code = w.place and c.grouping_type = w.grouping_type and c.transaction_type = w.transaction_type`;
  return sql`with w as materialized (
      select * from jsonb_to_recordset(${json("commune")}::jsonb) as w(${columns})
    ), z as materialized (
      select * from jsonb_to_recordset(${json("zone")}::jsonb) as z(${columns})
    ), blocks as materialized (select distinct place, grouping_type, transaction_type from w)
    select ${CANDIDATE_COLUMN_LIST} from w join ${classifieds} c on ${inBlock} and c.area between w.area_min and w.area_max
    union all
    select ${CANDIDATE_COLUMN_LIST} from blocks w join ${classifieds} c on ${inBlock} and c.area is null
    union all
    select ${CANDIDATE_COLUMN_LIST} from w join ${classifieds} c on ${inBlock} where w.area_min is null
    union all
    select ${CANDIDATE_COLUMN_LIST} from z join ${classifieds} c on c.department = z.department and c.grouping_type = z.grouping_type
      and c.transaction_type = z.transaction_type and c.area between z.area_min and z.area_max and c.price_current between z.price_min and z.price_max
      where z.neighbours ? c.insee_code`;
}

/** The columns grouping compares, read for candidates instead of whole rows (descriptions are long). */
const GROUPING_COLUMNS = (() => {
  const {
    id,
    propertyId,
    urlKey,
    inseeCode,
    department,
    groupingType,
    transactionType,
    area,
    landArea,
    roomCount,
    bedroomCount,
    floor,
    priceCurrent,
    imageHashes,
    textSignature,
    condominiumLots,
    condominiumCharges,
    statedFloor,
    statedLot,
    sourceDomain,
    firstSeenAt,
    publisherSiret,
    publisherSiren,
    publisherType,
    publisherPhone,
    publisherName,
    publisherEmail,
    publisherIsProfessional,
    contactPhone,
    isExclusiveMandate,
    latitude,
    longitude,
    dpeLabel,
    dpeValue,
    gesLabel,
    gesValue,
    constructionYear,
    isNew,
    propertyIsProgram,
    balconyExists,
    terraceExists,
    parkingExists,
    cellarExists,
    elevatorExists,
    garageExists,
    gardenExists,
    swimmingPoolExists,
  } = getTableColumns(classifieds);
  return {
    id,
    propertyId,
    urlKey,
    inseeCode,
    department,
    groupingType,
    transactionType,
    area,
    landArea,
    roomCount,
    bedroomCount,
    floor,
    priceCurrent,
    imageHashes,
    textSignature,
    condominiumLots,
    condominiumCharges,
    statedFloor,
    statedLot,
    sourceDomain,
    firstSeenAt,
    publisherSiret,
    publisherSiren,
    publisherType,
    publisherPhone,
    publisherName,
    publisherEmail,
    publisherIsProfessional,
    contactPhone,
    isExclusiveMandate,
    latitude,
    longitude,
    dpeLabel,
    dpeValue,
    gesLabel,
    gesValue,
    constructionYear,
    isNew,
    propertyIsProgram,
    balconyExists,
    terraceExists,
    parkingExists,
    cellarExists,
    elevatorExists,
    garageExists,
    gardenExists,
    swimmingPoolExists,
  };
})() satisfies { [K in keyof GroupingColumns]: unknown };
const groupingColumnsOfRow = compiledRowMapper<GroupingColumns>(GROUPING_COLUMNS);
/** `c."id", c."property_id", ...`: the grouping columns of `classifieds c`, in the order the mapping reads them. */
const CANDIDATE_COLUMN_LIST = columnList(GROUPING_COLUMNS, "c");

export async function findClassifiedsByIds(db: Database, ids: readonly string[]): Promise<ClassifiedRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(classifieds)
    .where(sql`${classifieds.id} = any(${uuidArrayLiteral(ids)}::uuid[])`);
}

/**
 * Properties absorbed by a merge: their rows go (no classified points at them any more: the classifieds'
 * writes come first), and their ids, and those that already led to them, redirect to the survivor.
 */
export function absorbPropertiesStatements(absorbed: ReadonlyMap<string, string>): SQL[] {
  if (absorbed.size === 0) return [];
  const pairs = JSON.stringify([...absorbed].map(([from, to]) => ({ from_id: from, to_id: to })));
  return [
    sql`update property_redirects r set to_id = a.to_id
      from jsonb_to_recordset(${pairs}::jsonb) as a(from_id uuid, to_id uuid) where r.to_id = a.from_id`,
    sql`insert into property_redirects (from_id, to_id) select from_id, to_id from jsonb_to_recordset(${pairs}::jsonb) as a(from_id uuid, to_id uuid)
      on conflict (from_id) do update set to_id = excluded.to_id, merged_at = now()`,
    sql`delete from properties where id = any(${uuidArrayLiteral([...absorbed.keys()])}::uuid[])`,
  ];
}

// The writes below build their statements, rows encoded, without sending them: a batch builds them all when
// it is planned, ahead of its turn, and sends them at once when the turn comes (apply-batch.ts). Each returns
// no statement when there is nothing to write.

/**
 * Inserts new properties and overwrites changed ones: the rows that exist are updated, then the others inserted,
 * in one statement. Not an `insert ... on conflict do update`: PostgreSQL runs the insert trigger of every row it
 * is given before finding its conflict, and that trigger computes the row's full-text vector (a third of the
 * cost of writing a property) only for the update to throw it away; the update's trigger computes it when the
 * text changed, and most writes of a property change its price or members, not its text.
 */
export function upsertPropertiesStatements(rows: readonly PropertyRow[]): SQL[] {
  if (rows.length === 0) return [];
  const writer = writerOf(properties);
  return [
    sql`with given as materialized (${rowsSelect(writer, rows)}),
      updated as (update ${properties} as p set ${sql.raw(writer.assignmentsFrom("given"))} from given where p.id = given.id returning p.id)
    insert into ${properties} (${sql.raw(writer.names)})
    select ${sql.raw(writer.names)} from given where not exists (select 1 from updated where updated.id = given.id)`,
  ];
}

/** Inserts new classifieds and overwrites changed ones. */
export function upsertClassifiedsStatements(rows: readonly ClassifiedRow[]): SQL[] {
  return upsertByIdStatements(classifieds, rows);
}

/** Re-visits: only lastSeenAt moves (never backwards). */
export function touchClassifiedsSeenStatements(seen: ReadonlyArray<{ id: string; lastSeenAt: Date }>): SQL[] {
  if (seen.length === 0) return [];
  return [
    sql`update classifieds c set last_seen_at = greatest(c.last_seen_at, s.last_seen_at)
    from jsonb_to_recordset(${JSON.stringify(seen.map((item) => ({ id: item.id, last_seen_at: item.lastSeenAt })))}::jsonb)
      as s(id uuid, last_seen_at timestamptz)
    where c.id = s.id`,
  ];
}

/** A re-visit of a classified moves its property's lastSeenAt too (never backwards). */
export function touchPropertiesSeenStatements(seen: ReadonlyArray<{ id: string; lastSeenAt: Date }>): SQL[] {
  if (seen.length === 0) return [];
  return [
    sql`update properties p set last_seen_at = greatest(p.last_seen_at, s.last_seen_at)
    from (select id, max(last_seen_at) as last_seen_at
          from jsonb_to_recordset(${JSON.stringify(seen.map((item) => ({ id: item.id, last_seen_at: item.lastSeenAt })))}::jsonb)
            as x(id uuid, last_seen_at timestamptz)
          group by id) s
    where p.id = s.id and p.last_seen_at < s.last_seen_at`,
  ];
}

export type NewPriceEntry = { id: string; classifiedId: string; value: number; observedAt: Date };

export function insertPriceHistoryStatements(entries: readonly NewPriceEntry[]): SQL[] {
  return insertRowsStatements(classifiedPriceHistory, entries);
}

export type ImageList = { classifiedId: string; images: StoredImage[] };

/**
 * Writes the new image lists of classifieds (a list replaces the stored one whole) and deletes the lists of
 * `emptiedIds`, classifieds whose images are all gone.
 */
export function writeImageListsStatements(lists: readonly ImageList[], emptiedIds: readonly string[]): SQL[] {
  const deletes = emptiedIds.length === 0 ? [] : [sql`delete from classified_image_lists where classified_id = any(${uuidArrayLiteral(emptiedIds)}::uuid[])`];
  if (lists.length === 0) return deletes;
  const writer = writerOf(classifiedImageLists);
  return [
    ...deletes,
    sql`insert into ${classifiedImageLists} (${sql.raw(writer.names)}) ${rowsSelect(writer, lists)}
      on conflict (classified_id) do update set images = excluded.images`,
  ];
}

type TableWriter = {
  /** A row as the JSON array of its values, in the order of `names`. */
  encodeRow: (row: Readonly<Record<string, unknown>>) => unknown[];
  /** `"id", "url_key", ...` */
  names: string;
  /** `(e.v->>0)::uuid as "id", (e.v->>1)::text as "url_key", ...`: each row arrives as a JSON array of its values. */
  values: string;
  /** `"url_key" = source."url_key", ...` (every column but the id) for the rows of `source`. */
  assignmentsFrom: (source: string) => string;
};

const writers = new WeakMap<PgTable, TableWriter>();

/**
 * How to write a table's rows through one JSON parameter, derived once per table from its Drizzle definition.
 * Rows travel as arrays of values rather than objects, which halves the JSON to build, send and parse.
 */
function writerOf(table: PgTable): TableWriter {
  const cached = writers.get(table);
  if (cached) return cached;
  const columns = Object.entries(getTableColumns(table))
    .filter(([, column]) => column.generated === undefined)
    .map(([key, column]) => ({ key, name: column.name, type: column.getSQLType() }));
  // Column names and types come from the schema definitions, never from input: safe to inline in SQL.
  const updated = columns.filter(({ name }) => name !== "id");
  const assignmentsFrom = (source: string) => updated.map(({ name }) => `"${name}" = ${source}."${name}"`).join(", ");
  const writer: TableWriter = {
    encodeRow: rowEncoder(columns.map(({ key, type }) => ({ key, encode: encoderOf(type) }))),
    names: columns.map(({ name }) => `"${name}"`).join(", "),
    values: columns.map(({ name, type }, index) => `${arrayElementSql(type, index)} as "${name}"`).join(", "),
    assignmentsFrom,
  };
  writers.set(table, writer);
  return writer;
}

/** The SQL that reads value `index` of a row's JSON array as a value of the column's type. */
function arrayElementSql(sqlType: string, index: number): string {
  if (sqlType === "jsonb") return `nullif(e.v->${index}, 'null'::jsonb)`;
  // Exact to the microsecond: PostgreSQL rounds the seconds to microseconds, and milliseconds are all a Date has.
  if (isTimestamp(sqlType)) return `to_timestamp((e.v->>${index})::float8 / 1000)`;
  return `(e.v->>${index})::${sqlType}`;
}

function encoderOf(sqlType: string): (value: unknown) => unknown {
  if (sqlType.endsWith("[]")) return encodeArray;
  if (isTimestamp(sqlType)) return encodeTimestamp;
  return encodeScalar;
}

/**
 * A function that reads every column of a row by its constant key: `(row) => [e0(row["id"]), e1(row["urlKey"]),
 * ...]`. Reading the keys from a list instead (`row[column.key]`) makes every read a generic keyed lookup, and
 * encoding the rows of a batch took about 1.8 times as long. The keys and their order come from the table's
 * Drizzle definition, never from input.
 */
function rowEncoder(columns: ReadonlyArray<{ key: string; encode: (value: unknown) => unknown }>): TableWriter["encodeRow"] {
  const values = columns.map(({ key }, index) => `e${index}(row[${JSON.stringify(key)}])`).join(", ");
  const encoders = columns.map(({ encode }) => encode);
  const build = new Function(...encoders.map((_, index) => `e${index}`), `return (row) => [${values}];`) as (
    ...encoders: Array<(value: unknown) => unknown>
  ) => TableWriter["encodeRow"];
  return build(...encoders);
}

function isTimestamp(sqlType: string): boolean {
  return sqlType === "timestamp with time zone";
}

/**
 * Dates travel as milliseconds since the epoch. Left to JSON.stringify, each would cost a `toJSON` call, which
 * takes the whole stringify off V8's fast path; `toISOString` costs about as much again.
 */
function encodeTimestamp(value: unknown): unknown {
  return value instanceof Date ? value.getTime() : (value ?? null);
}

function encodeScalar(value: unknown): unknown {
  return value ?? null;
}

/** Array columns travel as PostgreSQL array literals (text), cast on the way in. */
function encodeArray(value: unknown): unknown {
  return Array.isArray(value) ? textArrayLiteral(value.map(String)) : null;
}

/** `select <values> from jsonb_array_elements($rows) as e(v)`. */
function rowsSelect(writer: TableWriter, rows: ReadonlyArray<Record<string, unknown>>): SQL {
  const json = JSON.stringify(rows.map(writer.encodeRow));
  return sql`select ${sql.raw(writer.values)} from jsonb_array_elements(${json}::jsonb) as e(v)`;
}

function insertRowsStatements(table: PgTable, rows: ReadonlyArray<Record<string, unknown>>): SQL[] {
  if (rows.length === 0) return [];
  const writer = writerOf(table);
  return [sql`insert into ${table} (${sql.raw(writer.names)}) ${rowsSelect(writer, rows)}`];
}

function upsertByIdStatements(table: PgTable, rows: ReadonlyArray<Record<string, unknown>>): SQL[] {
  if (rows.length === 0) return [];
  const writer = writerOf(table);
  return [
    sql`insert into ${table} (${sql.raw(writer.names)}) ${rowsSelect(writer, rows)} on conflict (id) do update set ${sql.raw(writer.assignmentsFrom("excluded"))}`,
  ];
}

/** A block of grouping: the classifieds of one zone (grouping-zone.ts), property type and transaction type. */
export type GroupingBlock = { zone: string; inseeCodes: string[]; groupingType: string; transactionType: string; classifieds: number };

/** Every block that holds classifieds, in a stable order, with the communes that hold its classifieds. */
export async function findGroupingBlocks(db: Database): Promise<GroupingBlock[]> {
  const communes = await db
    .select({
      inseeCode: classifieds.inseeCode,
      groupingType: classifieds.groupingType,
      transactionType: classifieds.transactionType,
      classifieds: sql<number>`count(*)::int`,
    })
    .from(classifieds)
    .groupBy(classifieds.inseeCode, classifieds.groupingType, classifieds.transactionType)
    .orderBy(classifieds.inseeCode, classifieds.groupingType, classifieds.transactionType);
  const blocks = new Map<string, GroupingBlock>();
  for (const commune of communes) {
    const zone = groupingZoneOf(commune.inseeCode);
    const key = blockKey({ zone, groupingType: commune.groupingType, transactionType: commune.transactionType });
    const block = blocks.get(key);
    if (block === undefined)
      blocks.set(key, {
        zone,
        inseeCodes: [commune.inseeCode],
        groupingType: commune.groupingType,
        transactionType: commune.transactionType,
        classifieds: commune.classifieds,
      });
    else {
      block.inseeCodes.push(commune.inseeCode);
      block.classifieds += commune.classifieds;
    }
  }
  return [...blocks.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, block]) => block);
}

export async function findClassifiedsOfBlock(db: Database, block: GroupingBlock): Promise<ClassifiedRow[]> {
  return db
    .select()
    .from(classifieds)
    .where(
      sql`${classifieds.inseeCode} = any(${textArrayLiteral(block.inseeCodes)}::text[]) and ${classifieds.groupingType} = ${block.groupingType} and ${classifieds.transactionType} = ${block.transactionType}`,
    );
}
