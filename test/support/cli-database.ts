import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createTestDatabase, testDatabaseUrl, type TestDatabase } from "./database.js";

/**
 * Where a CLI test's child processes keep their data: a PostgreSQL database of its own when TEST_DATABASE_URL is
 * set, else an embedded data directory. `env` is what the processes need to find it.
 */
export type CliDatabase = { env: Record<string, string>; postgres?: TestDatabase; dataDir?: string; close(): Promise<void> };

export async function cliDatabase(label: string): Promise<CliDatabase> {
  if (testDatabaseUrl) {
    const postgres = await createTestDatabase();
    return { env: { DATABASE_URL: postgres.url ?? "" }, postgres, close: () => postgres.close() };
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), `listings-${label}-`));
  return { env: { DATA_DIR: dataDir }, dataDir, close: () => rm(dataDir, { recursive: true, force: true }) };
}
