import { setTimeout as sleep } from "node:timers/promises";
import postgres from "postgres";
import type { Database } from "./database.js";
import { ownConnectionOf, postgresClientOf } from "./own-connection.js";

/** The lock of the work on tables after bulk changes: statistics, VACUUM, index builds and rebuilds. */
export const TABLE_MAINTENANCE_LOCK = "listings-gateway-bulk-maintenance";

/** How often a process waiting for its turn asks again. */
const POLL_MS = 250;

/**
 * Runs `work` while this process holds the PostgreSQL advisory lock named `name`, so that the gateway and ingest
 * processes on one database do it one at a time; on the embedded database, which one process owns, it just runs.
 *
 * The lock lives on a connection of its own (a pool of one connection could not lend one), and is asked for with
 * `pg_try_advisory_lock`, again every POLL_MS, never waited for inside a statement. `REINDEX INDEX CONCURRENTLY`
 * waits for every transaction older than its own to end: a statement of another process waiting for the lock
 * would have been one, while the lock's holder waited for that very reindex to end, a deadlock PostgreSQL cannot
 * see (the holder's connection and its reindex are two sessions).
 */
export async function oneProcessAtATime<T>(db: Database, name: string, work: () => Promise<T>): Promise<T> {
  const own = lockSession(db, "listings-gateway maintenance");
  if (own === undefined) return work();
  try {
    while (!(await tryLock(own, name, false))) await sleep(POLL_MS);
    return await work();
  } finally {
    await own.end({ timeout: 5 }); // ending the session releases its locks
  }
}

/** A session-level advisory lock held on a connection of its own, until released (or the process ends). */
export type HeldLock = { release(): Promise<void> };

/**
 * Takes the advisory lock `name` at once if it can (`shared`: alongside other shared holders, but not with an
 * exclusive one), on a connection of its own that keeps it until `release`; undefined when another process holds
 * it. On the embedded database, which one process owns, it is always taken.
 */
export async function tryAdvisoryLock(db: Database, name: string, { shared = false } = {}): Promise<HeldLock | undefined> {
  const own = lockSession(db, "listings-gateway lock");
  if (own === undefined) return { release: async () => undefined };
  const release = () => own.end({ timeout: 5 }); // ending the session releases its locks
  try {
    if (await tryLock(own, name, shared)) return { release };
  } catch (error) {
    await release();
    throw error;
  }
  await release();
  return undefined;
}

/** A connection of its own to the pool's database, to hold session locks on; undefined on the embedded database. */
function lockSession(db: Database, applicationName: string): postgres.Sql | undefined {
  const client = postgresClientOf(db);
  return client === undefined ? undefined : postgres({ ...ownConnectionOf(client, applicationName), max: 1, onnotice: () => undefined });
}

async function tryLock(own: postgres.Sql, name: string, shared: boolean): Promise<boolean> {
  const [row] = shared
    ? await own<{ locked: boolean }[]>`select pg_try_advisory_lock_shared(hashtext(${name})) as locked`
    : await own<{ locked: boolean }[]>`select pg_try_advisory_lock(hashtext(${name})) as locked`;
  return row?.locked === true;
}
