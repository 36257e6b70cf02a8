import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../src/db/result-rows.js";
import { databaseCounter } from "../../src/modules/rate-limit/window-counters.js";
import { createTestDatabase, type TestDatabase } from "../support/database.js";

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

describe("request counts kept in the database", () => {
  it("counts each key in its window, starts over in a later one, and keeps an earlier window's late request in the current one", async () => {
    const counter = databaseCounter(database.db);
    const first = new Date("2026-11-26T08:00:00Z");
    const second = new Date("2026-11-26T08:01:00Z");
    expect([await counter.increment("a", first), await counter.increment("a", first), await counter.increment("b", first)]).toEqual([1, 2, 1]);
    expect(await counter.increment("a", second)).toBe(1);
    expect(await counter.increment("a", first)).toBe(2);
  });

  it("counts a block of requests at once, a new window starting at the block", async () => {
    const counter = databaseCounter(database.db);
    const first = new Date("2026-11-26T09:00:00Z");
    expect([await counter.increment("blocks", first, 30), await counter.increment("blocks", first, 30), await counter.increment("blocks", first)]).toEqual([
      30, 60, 61,
    ]);
    expect(await counter.increment("blocks", new Date("2026-11-26T09:01:00Z"), 9)).toBe(9);
  });

  it("are written to an unlogged table: no WAL, no flush to disk at each request's commit", async () => {
    const rows = rowsOf<{ persistence: string }>(
      await database.db.execute(sql`select relpersistence as persistence from pg_class where relname = 'rate_limit_windows'`),
    );
    expect(rows).toEqual([{ persistence: "u" }]);
  });
});
