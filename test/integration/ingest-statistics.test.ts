import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { maintainAfterBulkChange } from "../../src/modules/ingest/bulk-maintenance.js";
import { regroupStored } from "../../src/modules/ingest/regroup.service.js";
import { observation } from "../factories/observations.js";
import { rowsOf } from "../../src/db/result-rows.js";
import { createTestDatabase, type TestDatabase } from "../support/database.js";
import { ingest } from "./ingest.helpers.js";

/** One number of one table's catalogue or statistics row (`column` of `relation`, the row whose `relname` is `table`). */
async function tableFigure(database: TestDatabase, column: string, relation: "pg_class" | "pg_stat_user_tables", table: string): Promise<number | undefined> {
  const result = await database.db.execute(sql`select ${sql.identifier(column)}::float8 as n from ${sql.identifier(relation)} where relname = ${table}`);
  const n = rowsOf<{ n: number }>(result)[0]?.n;
  return n === undefined ? undefined : Number(n);
}

/** The planner's row estimate of a table: negative (or 0) until something analyzes it. */
async function estimate(database: TestDatabase, table: string): Promise<number> {
  return (await tableFigure(database, "reltuples", "pg_class", table)) ?? -1;
}

/** How many of a table's pages are marked all-visible, and how many it has (as the last VACUUM or ANALYZE saw). */
async function visibility(database: TestDatabase, table: string): Promise<{ allVisible: number; pages: number }> {
  return {
    allVisible: (await tableFigure(database, "relallvisible", "pg_class", table)) ?? 0,
    pages: (await tableFigure(database, "relpages", "pg_class", table)) ?? 0,
  };
}

/** `count` distinct flats (areas from `firstArea` up, one square metre apart), one observation each. */
function distinctFlats(count: number, firstArea: number): Record<string, unknown>[] {
  return Array.from({ length: count }, (_, index) => observation({ property: { area: firstArea + index } }));
}

/** The object id of each index of `properties`, by name: a rebuilt index is a new object. */
async function propertyIndexes(database: TestDatabase): Promise<Map<string, number>> {
  const result = await database.db.execute(
    sql`select c.relname as name, c.oid::int8::float8 as oid from pg_index i join pg_class c on c.oid = i.indexrelid where i.indrelid = 'properties'::regclass`,
  );
  return new Map(rowsOf<{ name: string; oid: number }>(result).map((row) => [row.name, Number(row.oid)]));
}

/** How many times a table was vacuumed by hand (not by autovacuum). */
async function vacuumCount(database: TestDatabase, table: string): Promise<number> {
  return (await tableFigure(database, "vacuum_count", "pg_stat_user_tables", table)) ?? 0;
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
    await ingest(database.db, distinctFlats(60, 30));
    expect(await estimate(database, "classifieds")).toBe(60);
    expect(await estimate(database, "properties")).toBeGreaterThan(0);
    expect(await estimate(database, "events")).toBeGreaterThan(0);
    expect(await estimate(database, "search_lexemes")).toBeGreaterThan(0); // filled by a trigger, read by text search
    await ingest(database.db, [observation({ property: { area: 200 } })]);
    expect(await estimate(database, "classifieds")).toBe(60); // 1 row in 61: not worth an ANALYZE
  });

  it("keeps statistics of the columns classifieds are searched by, not of the texts and attributes only read", async () => {
    await ingest(database.db, distinctFlats(80, 1_000));
    const result = await database.db.execute(sql`select attname from pg_stats where tablename = 'classifieds'`);
    const withStatistics = new Set(rowsOf<{ attname: string }>(result).map((row) => row.attname));
    for (const searched of ["url_key", "department", "insee_code", "property_type", "transaction_type", "area", "last_modified_at"]) {
      expect(withStatistics, searched).toContain(searched);
    }
    for (const onlyRead of ["description", "title", "image_hashes", "publisher_email", "room_count", "elevator_exists"]) {
      expect(withStatistics, onlyRead).not.toContain(onlyRead);
    }
  });

  it("vacuums the properties again after a regrouping that rewrote many of them", async () => {
    const flats = Array.from({ length: 30 }, (_, index) => observation({ property: { area: 500 + index * 10 } }));
    await ingest(database.db, flats);
    // Put the 30 distinct flats into one property, as a wrong older model could have: regrouping splits them.
    const urls = flats.map((flat) => (flat["source"] as { url: string }).url);
    await database.db.execute(sql`
      update classifieds set property_id = (select property_id from classifieds where source_url = ${urls[0]})
      where source_url = any(${`{${urls.join(",")}}`}::text[])`);
    const vacuumsBefore = await vacuumCount(database, "properties");
    const summary = await regroupStored(database.db);
    expect(summary.moved).toBe(29);
    expect(await vacuumCount(database, "properties")).toBe(vacuumsBefore + 1);
  });

  it("vacuums the properties and the search vocabulary after a bulk ingest, so that searches read their indexes", async () => {
    await ingest(database.db, distinctFlats(80, 300));
    for (const table of ["properties", "search_lexemes"]) {
      const { allVisible, pages } = await visibility(database, table);
      expect(pages, table).toBeGreaterThan(0);
      expect(allVisible, table).toBe(pages);
    }
  });

  it("rebuilds the properties' indexes after a bulk load, drops a failed rebuild's leftover, and leaves them alone after a small ingest", async () => {
    const fresh = await createTestDatabase();
    try {
      const empty = await propertyIndexes(fresh);
      await ingest(fresh.db, distinctFlats(40, 30));
      const loaded = await propertyIndexes(fresh);
      expect([...loaded.keys()].sort()).toEqual([...empty.keys()].sort());
      for (const [name, oid] of loaded) expect(oid, name).not.toBe(empty.get(name));

      // What a rebuild cut short leaves: an invalid copy of an index, which every write would still update.
      await fresh.db.execute(sql`create index properties_department_price_idx_ccnew on properties (department)`);
      await fresh.db.execute(sql`update pg_index set indisvalid = false where indexrelid = 'properties_department_price_idx_ccnew'::regclass`);
      await ingest(fresh.db, distinctFlats(60, 200));
      const reloaded = await propertyIndexes(fresh);
      expect([...reloaded.keys()].sort()).toEqual([...empty.keys()].sort());
      for (const [name, oid] of reloaded) expect(oid, name).not.toBe(loaded.get(name));

      await ingest(fresh.db, [observation({ property: { area: 900 } })]);
      expect(await propertyIndexes(fresh)).toEqual(reloaded);
    } finally {
      await fresh.close();
    }
  });

  it("runs the maintenance of concurrent bulk loads one at a time, without a deadlock", async () => {
    const fresh = await createTestDatabase();
    try {
      await ingest(fresh.db, distinctFlats(50, 30));
      // Three processes' worth of bulk loads ending together: each would vacuum, then rebuild the indexes.
      const runs = await Promise.all([1, 2, 3].map(() => maintainAfterBulkChange(fresh.db, 1_000_000)));
      for (const run of runs) expect(run.indexesRebuilt.length).toBeGreaterThan(0);
      const invalid = await fresh.db.execute(sql`select count(*)::int as n from pg_index where indrelid = 'properties'::regclass and not indisvalid`);
      expect(rowsOf<{ n: number }>(invalid)[0]?.n).toBe(0);
    } finally {
      await fresh.close();
    }
  });
});
