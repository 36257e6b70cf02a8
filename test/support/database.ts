import { randomBytes } from "node:crypto";
import postgres from "postgres";
import { parseEnv } from "../../src/config/env.js";
import { openDatabase, type DatabaseHandle } from "../../src/db/client.js";

/** The fast paths of the tests' databases: all, or those `FAST_PATHS` names (see graphql-server.ts). */
const fastPaths = parseEnv({ FAST_PATHS: process.env["FAST_PATHS"] }).FAST_PATHS;

/** PostgreSQL server used by the suite when set; otherwise every test file gets an in-memory PGlite. */
export const testDatabaseUrl = process.env["TEST_DATABASE_URL"] || undefined;

export type TestDatabase = DatabaseHandle & {
  /** Connection string of this test's own database (PostgreSQL only), for tests that start processes. */
  url: string | undefined;
};

/**
 * A fresh, migrated database that belongs to one test file: an in-memory PGlite, or a new PostgreSQL database
 * created on the TEST_DATABASE_URL server and dropped by `close()`. Test files never share data.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (!testDatabaseUrl) {
    const handle = await openDatabase({ kind: "pglite", fastPaths });
    await handle.migrate();
    return { ...handle, url: undefined };
  }
  const name = `listings_test_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  const admin = postgres(testDatabaseUrl, { max: 1, onnotice: () => undefined });
  await admin.unsafe(`create database ${name}`);
  await admin.end();
  const url = withDatabase(testDatabaseUrl, name);
  const handle = await openDatabase({ kind: "postgres", url, poolSize: 5, fastPaths });
  await handle.migrate();
  return {
    ...handle,
    url,
    async close() {
      await handle.close();
      const dropper = postgres(testDatabaseUrl, { max: 1, onnotice: () => undefined });
      await dropper.unsafe(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
