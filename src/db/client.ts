import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import { FAST_PATH_NAMES, type FastPath } from "../config/env.js";
import { acquireDataDirLock } from "./data-dir-lock.js";
import type { Database } from "./database.js";
import { buildLeftoverIndexes } from "./deferred-indexes.js";
import { migrationsFolder } from "./migrations-folder.js";
import { readRotation } from "./read-rotation.js";
import * as schema from "./schema/index.js";

// The database types live apart, so that what client.ts runs (deferred-indexes.ts) can name them without a cycle.
export type { Database, Schema, Transaction } from "./database.js";

export type DatabaseKind = "postgres" | "pglite";

export type DatabaseHandle = {
  /** The primary: every write, and every read that must see the latest writes. */
  db: Database;
  /**
   * The database for one request of the read API: the next read replica in turn (DATABASE_READ_URL), or `db`
   * when there is none. Take it once per request and keep it for the whole request.
   */
  readDb(): Database;
  /** The read replicas (none without DATABASE_READ_URL), each a pool of its own. */
  readReplicas: readonly Database[];
  kind: DatabaseKind;
  /** Subscribes to a NOTIFY channel; the returned function unsubscribes. Notifications are wake-ups only. */
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  /**
   * Applies the committed migrations in drizzle/ that this database has not seen yet, then builds the indexes a
   * load cut short left deferred (deferred-indexes.ts): the schema as the code declares it.
   */
  migrate(): Promise<void>;
  close(): Promise<void>;
};

export type DatabaseOptions = (
  | {
      kind: "postgres";
      url: string;
      /** Read replicas of `url` (DATABASE_READ_URL): the read API reads from them; the pool settings apply to each. */
      readUrls?: readonly string[];
      poolSize?: number;
      connectTimeoutMs?: number;
      statementTimeoutMs?: number;
    }
  | { kind: "pglite"; dataDir?: string; processLabel?: string }
) & {
  /** The speed-ups that statements on this database may use (FAST_PATHS); all by default. */
  fastPaths?: ReadonlySet<FastPath>;
};

const ALL_FAST_PATHS: ReadonlySet<FastPath> = new Set(FAST_PATH_NAMES);
const fastPathsByDatabase = new WeakMap<Database, ReadonlySet<FastPath>>();

/** The speed-ups that statements on `db` may use (modules/statement-cache.ts reads it). */
export function fastPathsOf(db: Database): ReadonlySet<FastPath> {
  return fastPathsByDatabase.get(db) ?? ALL_FAST_PATHS;
}

/**
 * Opens the database: PostgreSQL through postgres.js when a URL is given, otherwise embedded PGlite persisted
 * in `dataDir` (in memory when `dataDir` is undefined). The same Drizzle code and migrations serve both.
 */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const handle = options.kind === "postgres" ? openPostgres(options) : await openPglite(options);
  const { fastPaths } = options;
  if (fastPaths) for (const db of [handle.db, ...handle.readReplicas]) fastPathsByDatabase.set(db, fastPaths);
  return handle;
}

/**
 * Defaults of the bounds that keep a request from hanging on an unavailable database (DATABASE_CONNECT_TIMEOUT_MS,
 * DATABASE_STATEMENT_TIMEOUT_MS): a connection not made within 5 s, or a statement still running after 60 s,
 * fails, and the caller answers 503 (db/availability.ts).
 */
const CONNECT_TIMEOUT_MS = 5_000;
const STATEMENT_TIMEOUT_MS = 60_000;

function openPostgres({
  url,
  readUrls = [],
  poolSize = 10,
  connectTimeoutMs = CONNECT_TIMEOUT_MS,
  statementTimeoutMs = STATEMENT_TIMEOUT_MS,
}: Extract<DatabaseOptions, { kind: "postgres" }>): DatabaseHandle {
  // Pools connect on first use: a command that never reads from the replicas never connects to them.
  const pool = (target: string) =>
    postgres(target, {
      max: poolSize,
      onnotice: () => undefined,
      connect_timeout: connectTimeoutMs / 1000,
      connection: { application_name: "listings-gateway", statement_timeout: statementTimeoutMs },
    });
  const client = pool(url);
  const replicaClients = readUrls.map(pool);
  const concrete = drizzlePostgres(client, { schema });
  const db: Database = concrete;
  const readReplicas: Database[] = replicaClients.map((replica) => drizzlePostgres(replica, { schema }));
  return {
    db,
    readDb: readRotation(db, readReplicas),
    readReplicas,
    kind: "postgres",
    async migrate() {
      // Several gateway processes may start at once: a session lock on a reserved connection lets one migrate.
      const reserved = await client.reserve();
      try {
        await reserved`select pg_advisory_lock(hashtext('listings-gateway-migrations'))`;
        await migratePostgres(concrete, { migrationsFolder: migrationsFolder() });
      } finally {
        await reserved`select pg_advisory_unlock(hashtext('listings-gateway-migrations'))`.catch(() => undefined);
        reserved.release();
      }
      await buildLeftoverIndexes(db);
    },
    async listen(channel, onNotify) {
      const subscription = await client.listen(channel, onNotify);
      return () => subscription.unlisten();
    },
    async close() {
      await Promise.all([client, ...replicaClients].map((each) => each.end({ timeout: 5 })));
    },
  };
}

async function openPglite(options: { dataDir?: string; processLabel?: string }): Promise<DatabaseHandle> {
  const releaseLock = options.dataDir ? await acquireDataDirLock(options.dataDir, options.processLabel ?? "listings") : undefined;
  try {
    const client = await PGlite.create({ dataDir: options.dataDir, extensions: { pg_trgm, unaccent } });
    const concrete = drizzlePglite(client, { schema });
    const db: Database = concrete;
    return {
      db,
      readDb: () => db,
      readReplicas: [],
      kind: "pglite",
      async migrate() {
        await migratePglite(concrete, { migrationsFolder: migrationsFolder() });
        await buildLeftoverIndexes(db);
      },
      async listen(channel, onNotify) {
        return client.listen(channel, onNotify);
      },
      async close() {
        await client.close();
        await releaseLock?.();
      },
    };
  } catch (error) {
    await releaseLock?.();
    throw error;
  }
}
