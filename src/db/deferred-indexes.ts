import { eq, sql } from "drizzle-orm";
import type { Database } from "./database.js";
import { oneProcessAtATime, TABLE_MAINTENANCE_LOCK, tryAdvisoryLock, type HeldLock } from "./one-process-at-a-time.js";
import { postgresClientOf } from "./own-connection.js";
import { rowsOf } from "./result-rows.js";
import { deferredIndexes } from "./schema/index.js";

/**
 * Indexes built once after a load instead of row by row during it. Inserting rows into a table keeps every one
 * of its indexes up to date as it goes, and an index built from the finished table costs a fraction of that: a
 * first load of 100,000 classifieds took 21.4 to 21.8 s without the 13 search indexes of `properties`, against
 * 24.6 to 24.7 s with them, and building them afterwards 1.0 s (docs/performance.md).
 *
 * What is dropped is recorded first, with the statement that builds it, in the same transaction: a load cut short
 * (a crash, a lost connection) leaves the list behind, and the next start builds what it holds
 * (`buildLeftoverIndexes`, run after the migrations). A load still running holds a shared advisory lock for as
 * long as it runs, so that what it deferred is not taken for left over by a process started meanwhile (a
 * `listings token create`, a second gateway): that one would build the indexes halfway through the load and wait
 * for it. Unique and primary-key indexes are never deferred: they are constraints, and the writes need them.
 */

/** Indexes built at once on PostgreSQL, each on a connection of its own (the embedded database has one). */
const BUILD_LANES = 2;

/** Held shared by every load that deferred indexes, until it ends; taken exclusively to build what was left over. */
const LOADS_RUNNING_LOCK = "listings-gateway-loads-with-deferred-indexes";

/**
 * Drops the secondary indexes of `table`, recording how to build each again; answers the mark that this load runs,
 * to release once it has built them or failed. Searches of the table read it whole until they are built again:
 * meant for a table that was empty when its load began. Undefined, and nothing dropped, while a process builds
 * indexes left over by an earlier load.
 */
export async function deferIndexes(db: Database, table: string): Promise<HeldLock | undefined> {
  const running = await tryAdvisoryLock(db, LOADS_RUNNING_LOCK, { shared: true });
  if (running === undefined) return undefined;
  try {
    await dropRecorded(db, table);
    return running;
  } catch (error) {
    await running.release();
    throw error;
  }
}

async function dropRecorded(db: Database, table: string): Promise<void> {
  await db.transaction(async (tx) => {
    // Dropping an index locks its table so anyway; taken first, it makes a second process deferring at the same
    // time read the indexes once the first has dropped them, not while it does.
    await tx.execute(sql`lock table ${sql.identifier(table)} in access exclusive mode`);
    const indexes = rowsOf<{ name: string; definition: string }>(
      await tx.execute(
        sql`select c.relname as name, pg_get_indexdef(i.indexrelid) as definition
          from pg_index i join pg_class c on c.oid = i.indexrelid
          where i.indrelid = ${table}::regclass and i.indisvalid and not i.indisunique and not i.indisprimary
            and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)
          order by c.relname`,
      ),
    );
    for (const { name, definition } of indexes) {
      await tx.insert(deferredIndexes).values({ name, tableName: table, definition }).onConflictDoNothing();
      await tx.execute(sql`drop index if exists ${sql.identifier(name)}`);
    }
  });
}

/**
 * Builds what a load cut short left deferred, if anything and if no load is running (a running one builds what it
 * deferred at its end): run at every start, after the migrations. The list is read first, so that a start with
 * nothing to build opens no connection for the locks.
 */
export async function buildLeftoverIndexes(db: Database): Promise<string[]> {
  const [waiting] = await db.select({ name: deferredIndexes.name }).from(deferredIndexes).limit(1);
  if (waiting === undefined) return [];
  const noLoadRuns = await tryAdvisoryLock(db, LOADS_RUNNING_LOCK);
  if (noLoadRuns === undefined) return [];
  try {
    return await oneProcessAtATime(db, TABLE_MAINTENANCE_LOCK, () => buildDeferredIndexes(db));
  } finally {
    await noLoadRuns.release();
  }
}

/**
 * Builds every deferred index and returns the names built. Each is built in a transaction of its own, without the
 * statement timeout (a build at ten million rows may take minutes), and leaves the list in the same transaction:
 * built and listed never both, nor neither. Two processes building at once wait for each other on the list's row
 * and build each index once. Run it under the table maintenance lock (one-process-at-a-time.ts): a VACUUM or an
 * index rebuild of another process would wait for a build, and the build for them. Writes to the table wait for
 * each build (`CREATE INDEX` is not `CONCURRENTLY`, which cannot run in a transaction and leaves an invalid index
 * behind when cut short); reads go on.
 */
export async function buildDeferredIndexes(db: Database): Promise<string[]> {
  const queue = (await db.select({ name: deferredIndexes.name }).from(deferredIndexes).orderBy(deferredIndexes.name)).map((row) => row.name);
  const built: string[] = [];
  const lane = async () => {
    for (let name = queue.shift(); name !== undefined; name = queue.shift()) {
      if (await buildOne(db, name)) built.push(name);
    }
  };
  await Promise.all(Array.from({ length: postgresClientOf(db) === undefined ? 1 : BUILD_LANES }, lane));
  return built.sort();
}

async function buildOne(db: Database, name: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [listed] = await tx.select().from(deferredIndexes).where(eq(deferredIndexes.name, name)).for("update");
    if (listed === undefined) return false; // built by another process meanwhile
    await tx.execute(sql`set local statement_timeout = 0`);
    const [present] = rowsOf<{ present: boolean }>(await tx.execute(sql`select to_regclass(${name}) is not null as present`));
    // The definition is PostgreSQL's own (pg_get_indexdef), stored by deferIndexes: never input.
    if (!present?.present) await tx.execute(sql.raw(listed.definition));
    await tx.delete(deferredIndexes).where(eq(deferredIndexes.name, name));
    return true;
  });
}
