/**
 * The PostgreSQL write floor of an ingest, for bench/ingest.ts: how long PostgreSQL alone takes to write the rows
 * the pipeline ended with, measured on the database the pipeline just filled. Each table the pipeline writes is
 * copied, in as many statements as the pipeline ran batches, into an empty twin with the same columns, indexes
 * and triggers (`insert ... select` from a staging copy of the rows). Nothing is parsed, read back, decided or
 * sent by a client, and every row is written once (the pipeline updates some twice), so no ingest into this
 * schema can make PostgreSQL do less: the pipeline's own PostgreSQL time is this or more.
 */
import postgres from "postgres";

/** The tables an ingest writes rows into. */
const WRITTEN_TABLES = ["properties", "classifieds", "classified_image_lists", "classified_price_history", "events"] as const;

export type WriteFloor = { seconds: number; rows: number; perTable: Record<string, { rows: number; seconds: number }> };

export async function measureWriteFloor(url: string, batches: number): Promise<WriteFloor> {
  const sql = postgres(url, { max: 1, onnotice: () => undefined });
  const perTable: WriteFloor["perTable"] = {};
  try {
    await sql`create schema write_floor`;
    const inserts = new Map<string, string>();
    for (const table of WRITTEN_TABLES) inserts.set(table, await prepareTwin(sql, table, batches));
    for (const table of WRITTEN_TABLES) {
      const [{ rows } = { rows: 0 }] = await sql.unsafe<{ rows: number }[]>(`select count(*)::int as rows from write_floor.${table}_rows`);
      perTable[table] = { rows, seconds: 0 };
    }
    // One transaction per batch writing every table, as the pipeline commits.
    const began = performance.now();
    for (let chunk = 1; chunk <= batches; chunk += 1) {
      await sql.begin(async (tx) => {
        for (const [table, insert] of inserts) {
          const started = performance.now();
          await tx.unsafe(insert, [chunk]);
          const entry = perTable[table];
          if (entry) entry.seconds += (performance.now() - started) / 1000;
        }
      });
    }
    const seconds = (performance.now() - began) / 1000;
    return { seconds, rows: Object.values(perTable).reduce((sum, t) => sum + t.rows, 0), perTable };
  } finally {
    await sql`drop schema if exists write_floor cascade`;
    await sql.end();
  }
}

/**
 * Creates the empty twin of `table` (columns, defaults, indexes, triggers) and a staging copy of its rows cut
 * into `batches` chunks; returns the statement that writes one chunk into the twin.
 */
async function prepareTwin(sql: postgres.Sql, table: string, batches: number): Promise<string> {
  await sql.unsafe(`create table write_floor.${table} (like public.${table} including all)`);
  // LIKE copies no trigger: recreate them on the twin, word for word.
  const triggers = await sql<{ definition: string }[]>`
    select pg_get_triggerdef(oid) as definition from pg_trigger where not tgisinternal and tgrelid = ${`public.${table}`}::regclass`;
  for (const { definition } of triggers) await sql.unsafe(definition.replace(` ON public.${table} `, ` ON write_floor.${table} `));
  await sql.unsafe(`create table write_floor.${table}_rows as select *, ntile(${batches}) over () as chunk from public.${table}`);
  await sql.unsafe(`create index on write_floor.${table}_rows (chunk)`);
  await sql.unsafe(`analyze write_floor.${table}_rows`);
  const columns = await sql<{ name: string }[]>`
    select quote_ident(column_name) as name from information_schema.columns
    where table_schema = 'public' and table_name = ${table} and is_generated = 'NEVER' order by ordinal_position`;
  const list = columns.map((column) => column.name).join(", ");
  return `insert into write_floor.${table} (${list}) select ${list} from write_floor.${table}_rows where chunk = $1`;
}
