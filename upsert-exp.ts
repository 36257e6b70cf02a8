import postgres from "postgres";
import { drizzle } from "drizzle-orm/postgres-js";
import { PgDialect } from "drizzle-orm/pg-core";
import { properties } from "./src/db/schema/index.js";
import { upsertPropertiesStatements } from "./src/modules/ingest/ingest.repository.js";
const url = "postgres://postgres@127.0.0.1:5432/ingest_exp";
const client = postgres(url, { max: 1, onnotice: () => undefined });
const db = drizzle(client);
const rows = await db.select().from(properties);
const dialect = new PgDialect();
const CH = 249;
const chunks: (typeof rows)[] = Array.from({ length: CH }, () => []);
rows.forEach((r, i) => chunks[i % CH]!.push(r));
async function twin(name: string) {
  await client.unsafe(`drop schema if exists ${name} cascade; create schema ${name}; create table ${name}.properties (like public.properties including all);
   create trigger s before insert on ${name}.properties for each row execute function properties_search_refresh();
   create trigger su before update of search_text on ${name}.properties for each row when (old.search_text is distinct from new.search_text) execute function properties_search_refresh();
   create trigger l after insert on ${name}.properties referencing new table as written_properties for each statement execute function properties_search_record_lexemes();
   create trigger lu after update on ${name}.properties referencing new table as written_properties for each statement execute function properties_search_record_lexemes();`);
}
async function runUpserts(schema: string, label: string) {
  const qs = chunks.map((c) => { const [s] = upsertPropertiesStatements(c); return dialect.sqlToQuery(s!); });
  const t = performance.now();
  for (const q of qs) await client.begin(async (tx) => { await tx.unsafe(`set local search_path = ${schema}, public`); await tx.unsafe(q.sql, q.params as any[]); });
  console.log(label, ((performance.now() - t) / 1000).toFixed(2), "s");
}
await twin("twa");
await runUpserts("twa", "A upsert json into empty twin");
await runUpserts("twa", "C upsert json again (all conflicts, same values)");
await twin("twb");
await client.unsafe(`drop table if exists public.stage; create table public.stage as select (row_number() over () % ${CH}) as chunk, p.* from public.properties p; create index on public.stage(chunk)`);
const cols = (await client.unsafe(`select string_agg(quote_ident(column_name), ', ' order by ordinal_position) c from information_schema.columns where table_schema='public' and table_name='properties'`))[0]!.c;
let t = performance.now();
for (let c = 0; c < CH; c++) await client.begin(async (tx) => { await tx.unsafe(`insert into twb.properties (${cols}) select ${cols} from public.stage where chunk = $1`, [c]); });
console.log("B insert select from staging", ((performance.now() - t) / 1000).toFixed(2), "s");
await client.unsafe(`drop schema twa cascade; drop schema twb cascade; drop table public.stage`);
await client.end();
