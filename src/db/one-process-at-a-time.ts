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
  const client = postgresClientOf(db);
  if (client === undefined) return work();
  const own = postgres({ ...ownConnectionOf(client, "listings-gateway maintenance"), max: 1, onnotice: () => undefined });
  try {
    for (;;) {
      const [row] = await own<{ locked: boolean }[]>`select pg_try_advisory_lock(hashtext(${name})) as locked`;
      if (row?.locked) break;
      await sleep(POLL_MS);
    }
    return await work();
  } finally {
    // Ending the connection releases the lock too; the unlock only makes it explicit.
    await own`select pg_advisory_unlock(hashtext(${name}))`.catch(() => undefined);
    await own.end({ timeout: 5 });
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
  const client = postgresClientOf(db);
  if (client === undefined) return { release: async () => undefined };
  const own = postgres({ ...ownConnectionOf(client, "listings-gateway lock"), max: 1, onnotice: () => undefined });
  const release = () => own.end({ timeout: 5 }); // ending the session releases its locks
  try {
    const [row] = shared
      ? await own<{ locked: boolean }[]>`select pg_try_advisory_lock_shared(hashtext(${name})) as locked`
      : await own<{ locked: boolean }[]>`select pg_try_advisory_lock(hashtext(${name})) as locked`;
    if (row?.locked) return { release };
  } catch (error) {
    await release();
    throw error;
  }
  await release();
  return undefined;
}
