/**
 * The SQL of the ingest pipeline. Every statement is set-based: lookups bind one array parameter
 * (`= any($1)`), writes bind one JSON array of rows expanded in SQL, so a batch of 500 lines costs a dozen
 * statements whatever its content, and the statement text does not grow with the batch.
 */
import { getTableColumns, sql, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Transaction } from "../../db/client.js";
import {
  classifiedImages,
  classifiedPriceHistory,
  classifieds,
  properties,
  type ClassifiedRow,
  type PropertyRow,
} from "../../db/schema/index.js";
import { textArrayLiteral, uuidArrayLiteral } from "../loader-order.js";
import type { CandidateWindow, PropertyCandidate } from "./property-assignment.js";

/**
 * Transaction-scoped lock taken first by every ingest transaction: batches of concurrent ingests (several
 * collectors pushing at once, a CLI run next to the server) apply one after the other, so that identity
 * (one classified per url) and property grouping are decided on committed data. Normalisation, the costly
 * part, still runs in parallel outside the lock.
 */
const INGEST_LOCK_KEY = 7_305_524_118_114_919_002n;

export async function lockIngest(tx: Transaction): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${INGEST_LOCK_KEY.toString()}::bigint)`);
}

export async function findClassifiedsByUrlKeys(tx: Transaction, urlKeys: readonly string[]): Promise<ClassifiedRow[]> {
  if (urlKeys.length === 0) return [];
  return tx.select().from(classifieds).where(sql`${classifieds.urlKey} = any(${textArrayLiteral(urlKeys)}::text[])`);
}

/** Every classified of the given properties except those listed in `excludeIds` (already in memory). */
export async function findClassifiedsOfProperties(
  tx: Transaction,
  propertyIds: readonly string[],
  excludeIds: readonly string[],
): Promise<ClassifiedRow[]> {
  if (propertyIds.length === 0) return [];
  return tx
    .select()
    .from(classifieds)
    .where(
      sql`${classifieds.propertyId} = any(${uuidArrayLiteral(propertyIds)}::uuid[]) and not (${classifieds.id} = any(${uuidArrayLiteral(excludeIds)}::uuid[]))`,
    );
}

export async function findPropertiesByIds(tx: Transaction, ids: readonly string[]): Promise<PropertyRow[]> {
  if (ids.length === 0) return [];
  return tx.select().from(properties).where(sql`${properties.id} = any(${uuidArrayLiteral(ids)}::uuid[])`);
}

/**
 * Stored classifieds that may be the same property as one of the new classifieds: same commune, property
 * type and transaction type, area within the window (or unknown on either side), with the perceptual hashes
 * of their images in portal order. The windows are joined (one index lookup each), not tested row by row.
 */
export async function findMatchCandidates(tx: Transaction, windows: readonly CandidateWindow[]): Promise<PropertyCandidate[]> {
  if (windows.length === 0) return [];
  const windowJson = JSON.stringify(
    windows.map((window) => ({
      insee_code: window.inseeCode,
      property_type: window.propertyType,
      transaction_type: window.transactionType,
      area_min: window.areaMin,
      area_max: window.areaMax,
    })),
  );
  const rows = await tx
    .select({
      id: classifieds.id,
      propertyId: classifieds.propertyId,
      inseeCode: classifieds.inseeCode,
      propertyType: classifieds.propertyType,
      transactionType: classifieds.transactionType,
      area: classifieds.area,
      roomCount: classifieds.roomCount,
      bedroomCount: classifieds.bedroomCount,
      publisherSiren: classifieds.publisherSiren,
      publisherPhone: classifieds.publisherPhone,
      // Qualified by hand: inside a selected expression Drizzle may write a column without its table name,
      // which the subquery would resolve to classified_images.id.
      imageHashes: sql<string | null>`(select string_agg(i.perceptual_hash, ',' order by i.position) from classified_images i
        where i.classified_id = "classifieds"."id" and i.perceptual_hash is not null)`,
    })
    .from(classifieds)
    .innerJoin(
      sql`jsonb_to_recordset(${windowJson}::jsonb)
        as w(insee_code text, property_type text, transaction_type text, area_min float8, area_max float8)`,
      sql`w.insee_code = ${classifieds.inseeCode} and w.property_type = ${classifieds.propertyType}
        and w.transaction_type = ${classifieds.transactionType}
        and (w.area_min is null or ${classifieds.area} is null or ${classifieds.area} between w.area_min and w.area_max)`,
    );
  // A classified without an area falls in every window of its group: keep it once.
  const unique = new Map(rows.map((row) => [row.id, row]));
  return [...unique.values()].map(({ id, propertyId, imageHashes, ...match }) => ({
    classifiedId: id,
    propertyId,
    match: { ...match, imageHashes: imageHashes === null ? [] : imageHashes.split(",") },
  }));
}

/** Inserts new properties and overwrites changed ones. */
export async function upsertProperties(tx: Transaction, rows: readonly PropertyRow[]): Promise<void> {
  await upsertById(tx, properties, rows);
}

/** Inserts new classifieds and overwrites changed ones. */
export async function upsertClassifieds(tx: Transaction, rows: readonly ClassifiedRow[]): Promise<void> {
  await upsertById(tx, classifieds, rows);
}

/** Re-visits: only lastSeenAt moves (never backwards). */
export async function touchClassifiedsSeen(tx: Transaction, seen: ReadonlyArray<{ id: string; lastSeenAt: Date }>): Promise<void> {
  if (seen.length === 0) return;
  await tx.execute(sql`update classifieds c set last_seen_at = greatest(c.last_seen_at, s.last_seen_at)
    from jsonb_to_recordset(${JSON.stringify(seen.map((item) => ({ id: item.id, last_seen_at: item.lastSeenAt })))}::jsonb)
      as s(id uuid, last_seen_at timestamptz)
    where c.id = s.id`);
}

/** A re-visit of a classified moves its property's lastSeenAt too (never backwards). */
export async function touchPropertiesSeen(tx: Transaction, seen: ReadonlyArray<{ id: string; lastSeenAt: Date }>): Promise<void> {
  if (seen.length === 0) return;
  await tx.execute(sql`update properties p set last_seen_at = greatest(p.last_seen_at, s.last_seen_at)
    from (select id, max(last_seen_at) as last_seen_at
          from jsonb_to_recordset(${JSON.stringify(seen.map((item) => ({ id: item.id, last_seen_at: item.lastSeenAt })))}::jsonb)
            as x(id uuid, last_seen_at timestamptz)
          group by id) s
    where p.id = s.id and p.last_seen_at < s.last_seen_at`);
}

export type NewPriceEntry = { id: string; classifiedId: string; value: number; observedAt: Date };

export async function insertPriceHistory(tx: Transaction, entries: readonly NewPriceEntry[]): Promise<void> {
  await insertRows(tx, classifiedPriceHistory, entries);
}

export type NewImage = {
  id: string;
  classifiedId: string;
  position: number;
  url: string;
  perceptualHash: string | null;
  differenceHash: string | null;
  averageHash: string | null;
};

/** Deletes the images of the classifieds in `replacedIds`, then inserts `images` (the new lists). */
export async function replaceImages(tx: Transaction, replacedIds: readonly string[], images: readonly NewImage[]): Promise<void> {
  if (replacedIds.length > 0) {
    await tx.execute(sql`delete from classified_images where classified_id = any(${uuidArrayLiteral(replacedIds)}::uuid[])`);
  }
  await insertRows(tx, classifiedImages, images);
}

type TableWriter = {
  columns: ReadonlyArray<{ key: string; encode: (value: unknown) => unknown }>;
  /** `"id", "url_key", ...` */
  names: string;
  /** `(e.v->>0)::uuid, (e.v->>1)::text, ...`: each row arrives as a JSON array of its values. */
  values: string;
  /** `"url_key" = excluded."url_key", ...` (every column but the id). */
  updates: string;
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
  const writer: TableWriter = {
    columns: columns.map(({ key, type }) => ({ key, encode: type.endsWith("[]") ? encodeArray : encodeScalar })),
    names: columns.map(({ name }) => `"${name}"`).join(", "),
    values: columns.map(({ type }, index) => (type === "jsonb" ? `nullif(e.v->${index}, 'null'::jsonb)` : `(e.v->>${index})::${type}`)).join(", "),
    updates: columns
      .filter(({ name }) => name !== "id")
      .map(({ name }) => `"${name}" = excluded."${name}"`)
      .join(", "),
  };
  writers.set(table, writer);
  return writer;
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
  const json = JSON.stringify(rows.map((row) => writer.columns.map(({ key, encode }) => encode(row[key]))));
  return sql`select ${sql.raw(writer.values)} from jsonb_array_elements(${json}::jsonb) as e(v)`;
}

async function insertRows(tx: Transaction, table: PgTable, rows: ReadonlyArray<Record<string, unknown>>): Promise<void> {
  if (rows.length === 0) return;
  const writer = writerOf(table);
  await tx.execute(sql`insert into ${table} (${sql.raw(writer.names)}) ${rowsSelect(writer, rows)}`);
}

async function upsertById(tx: Transaction, table: PgTable, rows: ReadonlyArray<Record<string, unknown>>): Promise<void> {
  if (rows.length === 0) return;
  const writer = writerOf(table);
  await tx.execute(
    sql`insert into ${table} (${sql.raw(writer.names)}) ${rowsSelect(writer, rows)} on conflict (id) do update set ${sql.raw(writer.updates)}`,
  );
}
