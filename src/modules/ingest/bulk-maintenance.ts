import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { buildDeferredIndexes } from "../../db/deferred-indexes.js";
import { oneProcessAtATime, TABLE_MAINTENANCE_LOCK } from "../../db/one-process-at-a-time.js";
import { rowsOf } from "../../db/result-rows.js";
import { textArrayLiteral } from "../loader-order.js";

/**
 * What follows a bulk change of the tables an ingest writes (an ingest, a regrouping): the planner's statistics,
 * VACUUM where searches need it, and after a bulk load the search indexes rebuilt. A server without autovacuum
 * never does any of it; one with it lags behind a bulk load, and never rebuilds an index.
 */

/**
 * The tables an ingest writes, whose statistics the planner needs to be current, the slowest to analyze first;
 * `search_lexemes`, the search vocabulary that every text search reads, through a trigger on `properties`.
 */
const INGEST_TABLES = [
  "classifieds",
  "properties",
  "events",
  "classified_price_history",
  "classified_image_lists",
  "property_redirects",
  "search_lexemes",
] as const;
const INGEST_TABLE_NAMES: readonly string[] = INGEST_TABLES;

/** A table is analyzed again when an ingest changed more than this share of its rows (or it has no statistics). */
const ANALYZE_SHARE = 0.1;

/**
 * The tables that are also vacuumed when analyzed. Searches read only the indexes of `properties` (see its
 * schema), which PostgreSQL can do only on the pages VACUUM has marked all-visible; on the others it reads the
 * table as well. The words written to `search_lexemes` wait in its trigram index's pending list (GIN's fast
 * update) until VACUUM merges them: with 23,000 words pending at a million classifieds, PostgreSQL read the whole
 * vocabulary for each word of a text search (26 to 37 ms) rather than the index (1 to 4 ms once merged).
 */
const VACUUMED_TABLES: ReadonlySet<string> = new Set(["properties", "search_lexemes"]);

/**
 * The table whose indexes are rebuilt after a bulk load: the one searches read. Rows inserted all over an
 * index's key range leave its pages two-thirds full, and the covering indexes searches count their matches in
 * are wide: at a million classifieds, loaded by one ingest, `properties_department_price_idx` took 168 MB and
 * counting one department's matches in it 7.5 ms; rebuilt, 124 MB and 3.9 ms. Rebuilding every index of the
 * table took 17 s there.
 */
const REBUILT_TABLE = "properties";

/**
 * A bulk load: the ingest changed more rows than the table held before it (or it held none). Only a
 * table's first loads qualify, so the rebuilds of a table loaded in parts cost about twice the last one's, and
 * the daily ingests of a loaded table none.
 */
const REBUILD_SHARE = 1;

/**
 * How many table pages one page of PostgreSQL's visibility map covers (two bits each on an 8 kB page). A search
 * that counts its matches in an index checks each match's table page there; when consecutive matches lie under
 * different map pages it lets one go and looks the other up, once per match at worst. Properties stored in the
 * order they were first seen put one department's matches under every map page of the table, which at a million
 * classifieds (119,375 pages, four map pages) was 6,845 buffer look-ups to count Paris's matches on two portals
 * or more, against 303 with the table stored by place (docs/performance.md).
 */
const PAGES_PER_VISIBILITY_MAP_PAGE = 32_672;

/**
 * A first load that leaves `properties` larger than one visibility-map page covers stores it again by place
 * (`CLUSTER` on department and commune) before its search indexes are built: below that size the order saves
 * nothing. The rows a later ingest adds are stored after them, in arrival order.
 */
export function worthStoringByPlace(tablePages: number): boolean {
  return tablePages > PAGES_PER_VISIBILITY_MAP_PAGE;
}

/**
 * Tables analyzed at once, each on a connection of its own. One at a time, the end of an ingest left a core idle
 * for seconds (at 100,000 classifieds, `ANALYZE classifieds` alone takes about as long as all the others together);
 * two keep both cores of a small server busy without taking every core of a larger one from the searches it
 * serves. The embedded database runs them one after the other whatever this says.
 */
const MAINTENANCE_LANES = 2;

/** What the maintenance after a bulk change did. */
export type BulkMaintenance = { analyzed: string[]; indexesBuilt: string[]; indexesRebuilt: string[] };

export type MaintenanceOptions = {
  /** Hears of a bulk load before the work starts. */
  onBulkLoad?: () => void;
  /** The change dropped indexes to build once it is over (first-load.ts): they are built first. */
  indexesDeferred?: boolean;
};

/**
 * Refreshes the planner's statistics of the tables an ingest changed a large share of (`changedRows` rows
 * written), or that have none yet: after a bulk load, until something analyzes them, PostgreSQL plans every
 * query on guesses. After a bulk load of `properties`, then rebuilds its indexes, one at a time and
 * concurrently (searches and writes go on meanwhile); after a first load that deferred them, builds them instead,
 * once a large table is stored by place. Small ingests into large tables cost nothing here.
 */
export async function maintainAfterBulkChange(db: Database, changedRows: number, options: MaintenanceOptions = {}): Promise<BulkMaintenance> {
  const { onBulkLoad, indexesDeferred = false } = options;
  if (changedRows === 0 && !indexesDeferred) return { analyzed: [], indexesBuilt: [], indexesRebuilt: [] };
  // Row counts as the statistics knew them before this change: read before they are refreshed below.
  const rows = rowsOf<{ relname: string; reltuples: number }>(
    await db.execute(
      sql`select relname, reltuples::float8 as reltuples from pg_class where relkind = 'r' and relname = any(${textArrayLiteral(INGEST_TABLES)}::text[])`,
    ),
  );
  const changedShare = (share: number) => (row: { reltuples: number }) => Number(row.reltuples) <= 0 || changedRows > share * Number(row.reltuples);
  const stale = rows.filter(changedShare(ANALYZE_SHARE)).map((row) => row.relname);
  const bulkLoaded = rows.some((row) => row.relname === REBUILT_TABLE && changedShare(REBUILD_SHARE)(row));
  const maintain = async (): Promise<BulkMaintenance> => {
    if (bulkLoaded) onBulkLoad?.();
    // Stored again before the deferred indexes are built, so that CLUSTER has only the primary key to rebuild (as
    // compact as a REINDEX would make it).
    const storedByPlace = indexesDeferred && worthStoringByPlace(await tablePages(db, REBUILT_TABLE));
    if (storedByPlace) await storeByPlace(db);
    // Built from the finished table before it is vacuumed, and then not rebuilt: they are as compact as it gets.
    const indexesBuilt = indexesDeferred ? await buildDeferredIndexes(db) : [];
    await analyze(db, stale);
    const indexesRebuilt = bulkLoaded && !storedByPlace ? await rebuildIndexes(db, REBUILT_TABLE, indexesBuilt) : [];
    return { analyzed: stale, indexesBuilt, indexesRebuilt };
  };
  // One process at a time when the rebuilt table is touched: a VACUUM of one ingest waiting behind the index rebuild
  // of another, which waited for the VACUUM's transaction to end, deadlocked two concurrent ingests. The other
  // tables are only analyzed, which never waits for another transaction, and most ingests touch nothing else: they
  // do not pay for the lock's connection.
  const touchesRebuiltTable = bulkLoaded || indexesDeferred || stale.includes(REBUILT_TABLE);
  return touchesRebuiltTable ? oneProcessAtATime(db, TABLE_MAINTENANCE_LOCK, maintain) : maintain();
}

async function tablePages(db: Database, table: string): Promise<number> {
  const [row] = rowsOf<{ pages: number }>(
    await db.execute(sql`select (pg_relation_size(${table}::regclass) / current_setting('block_size')::int8)::float8 as pages`),
  );
  return Number(row?.pages ?? 0);
}

/**
 * Rewrites `properties` in department and commune order, in one transaction: an index to order by, `CLUSTER`,
 * and the index dropped again. Reads and writes of the table wait for it (at a million classifieds, 6 s): it runs
 * only at the end of a first load, whose searches read the whole table meanwhile anyway.
 */
export async function storeByPlace(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local statement_timeout = 0`);
    await tx.execute(sql`create index properties_place_order on properties (department, insee_code)`);
    await tx.execute(sql`cluster properties using properties_place_order`);
    await tx.execute(sql`drop index properties_place_order`);
  });
}

async function analyze(db: Database, tables: readonly string[]): Promise<void> {
  // Table names come from the list above, never from input; in its order, the longest to analyze first.
  const queue = [...tables]
    .sort((a, b) => INGEST_TABLE_NAMES.indexOf(a) - INGEST_TABLE_NAMES.indexOf(b))
    .map((table) => sql.raw(VACUUMED_TABLES.has(table) ? `vacuum (analyze) "${table}"` : `analyze "${table}"`));
  const lane = async () => {
    for (let next = queue.shift(); next !== undefined; next = queue.shift()) await db.execute(next);
  };
  await Promise.all(Array.from({ length: MAINTENANCE_LANES }, lane));
}

/**
 * Rebuilds the indexes of `table` one by one with `REINDEX INDEX CONCURRENTLY`: each statement stays short (well
 * within the statement timeout) and locks nothing that searches or writes wait on. A rebuild that fails midway
 * (a timeout, a lost connection) leaves an invalid copy of its index behind, which every write would still
 * update: those left by an earlier run are dropped first. Indexes `justBuilt` from the loaded table are left as
 * they are. Returns the indexes rebuilt.
 */
async function rebuildIndexes(db: Database, table: string, justBuilt: readonly string[]): Promise<string[]> {
  const indexes = rowsOf<{ name: string; valid: boolean }>(
    await db.execute(
      sql`select c.relname as name, i.indisvalid as valid from pg_index i join pg_class c on c.oid = i.indexrelid
        where i.indrelid = ${table}::regclass order by c.relname`,
    ),
  );
  for (const leftover of indexes.filter((index) => !index.valid)) await db.execute(sql`drop index concurrently if exists ${sql.identifier(leftover.name)}`);
  const rebuilt = indexes.filter((index) => index.valid && !justBuilt.includes(index.name)).map((index) => index.name);
  for (const name of rebuilt) await db.execute(sql`reindex index concurrently ${sql.identifier(name)}`);
  return rebuilt;
}
