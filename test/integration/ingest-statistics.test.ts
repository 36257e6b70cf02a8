import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { observation } from "../factories/observations.js";
import { createTestDatabase, type TestDatabase } from "../support/database.js";
import { ingest } from "./ingest.helpers.js";

/** The planner's row estimate of a table: negative (or 0) until something analyzes it. */
async function estimate(database: TestDatabase, table: string): Promise<number> {
  const result: unknown = await database.db.execute(sql`select reltuples::float8 as n from pg_class where relname = ${table}`);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Array<{ n: number }>;
  return Number(rows[0]?.n ?? -1);
}

/**
 * After an ingest that changed a large share of a table, its statistics are refreshed (nothing else would on a
 * server without autovacuum, and plans would be guesses); a small ingest into a large table does not analyze it.
 */
describe("statistics after an ingest", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it("analyzes the tables a bulk ingest filled, and not again for a small one", async () => {
    expect(await estimate(database, "classifieds")).toBeLessThanOrEqual(0);
    await ingest(
      database.db,
      Array.from({ length: 60 }, (_, index) => observation({ property: { area: 30 + index } })),
    );
    expect(await estimate(database, "classifieds")).toBe(60);
    expect(await estimate(database, "properties")).toBeGreaterThan(0);
    expect(await estimate(database, "events")).toBeGreaterThan(0);
    await ingest(database.db, [observation({ property: { area: 200 } })]);
    expect(await estimate(database, "classifieds")).toBe(60); // 1 row in 61: not worth an ANALYZE
  });
});
