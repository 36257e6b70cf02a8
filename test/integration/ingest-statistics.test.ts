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

/** How many of a table's pages are marked all-visible, and how many it has (as the last VACUUM or ANALYZE saw). */
async function visibility(database: TestDatabase, table: string): Promise<{ allVisible: number; pages: number }> {
  const result: unknown = await database.db.execute(sql`select relallvisible as "allVisible", relpages as pages from pg_class where relname = ${table}`);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Array<{ allVisible: number; pages: number }>;
  return { allVisible: Number(rows[0]?.allVisible ?? 0), pages: Number(rows[0]?.pages ?? 0) };
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
    expect(await estimate(database, "search_lexemes")).toBeGreaterThan(0); // filled by a trigger, read by text search
    await ingest(database.db, [observation({ property: { area: 200 } })]);
    expect(await estimate(database, "classifieds")).toBe(60); // 1 row in 61: not worth an ANALYZE
  });

  it("vacuums the properties and the search vocabulary after a bulk ingest, so that searches read their indexes", async () => {
    await ingest(
      database.db,
      Array.from({ length: 80 }, (_, index) => observation({ property: { area: 300 + index } })),
    );
    for (const table of ["properties", "search_lexemes"]) {
      const { allVisible, pages } = await visibility(database, table);
      expect(pages, table).toBeGreaterThan(0);
      expect(allVisible, table).toBe(pages);
    }
  });
});
