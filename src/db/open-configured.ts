import type { Env } from "../config/env.js";
import { openDatabase, type DatabaseHandle } from "./client.js";

/**
 * The database the environment names: PostgreSQL when DATABASE_URL is set (with the read replicas of
 * DATABASE_READ_URL), else PGlite under DATA_DIR.
 */
export function openConfiguredDatabase(env: Env, processLabel: string): Promise<DatabaseHandle> {
  return env.DATABASE_URL
    ? openDatabase({
        kind: "postgres",
        url: env.DATABASE_URL,
        readUrls: env.DATABASE_READ_URL ?? [],
        poolSize: env.DATABASE_POOL_SIZE,
        connectTimeoutMs: env.DATABASE_CONNECT_TIMEOUT_MS,
        statementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
        fastPaths: env.FAST_PATHS,
      })
    : openDatabase({ kind: "pglite", dataDir: env.DATA_DIR, processLabel, fastPaths: env.FAST_PATHS });
}
