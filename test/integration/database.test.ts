import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts } from "../../src/db/schema/index.js";
import { createTestDatabase, type TestDatabase } from "../support/database.js";

describe("database", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it("applies every migration and round-trips a row", async () => {
    const [account] = await database.db
      .insert(accounts)
      .values({ email: "ops@example.fr", plan: "free", departments: ["75", "2A"] })
      .returning();
    expect(account?.departments).toEqual(["75", "2A"]);
    const rows = await database.db.execute(sql`select count(*)::int as n from accounts`);
    expect(rows).toBeDefined();
  });

  it("migrating twice is a no-op", async () => {
    await expect(database.migrate()).resolves.toBeUndefined();
  });

  it("delivers NOTIFY to listeners after commit", async () => {
    const received: string[] = [];
    const stop = await database.listen("listings_test_channel", (payload) => received.push(payload));
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_notify('listings_test_channel', 'hello')`);
    });
    for (let i = 0; i < 50 && received.length === 0; i += 1) await new Promise((r) => setTimeout(r, 20));
    await stop();
    expect(received).toEqual(["hello"]);
  });
});
