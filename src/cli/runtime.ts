import { env as processEnv, type Env } from "../config/env.js";
import type { DatabaseHandle } from "../db/client.js";

/** The parsed environment; throws EnvError listing every invalid variable. */
export function loadEnv(): Env {
  return processEnv();
}

/**
 * Runs `work` on the configured database, migrated first (migrations are idempotent and cheap, and a command
 * run on a fresh data directory should just work), and closes it afterwards whatever happens.
 */
export async function withDatabase<T>(env: Env, command: string, work: (database: DatabaseHandle) => Promise<T>): Promise<T> {
  // Loaded on first use: database drivers are slow to load, and argument errors should answer at once.
  const { openConfiguredDatabase } = await import("../db/open-configured.js");
  const database = await openConfiguredDatabase(env, `listings ${command}`);
  try {
    await database.migrate();
    return await work(database);
  } finally {
    await database.close();
  }
}

/** Where the configured database is, for messages: never prints credentials. */
export function describeDatabase(env: Env): string {
  if (!env.DATABASE_URL) return `embedded database in ${env.DATA_DIR}`;
  const url = new URL(env.DATABASE_URL);
  return `PostgreSQL ${url.hostname}${url.port ? `:${url.port}` : ""}${url.pathname}`;
}
