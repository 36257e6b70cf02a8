import { sql } from "drizzle-orm";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiTokens } from "../../src/db/schema/index.js";
import { Authenticator } from "../../src/modules/auth/auth.service.js";
import { prepareDemo } from "../../src/modules/seed/demo.js";
import { seedDatabase } from "../../src/modules/seed/seed.service.js";
import { createTestDatabase, type TestDatabase } from "../support/database.js";

/** The generated feed goes through the real ingest pipeline without a single reject, on both databases. */
describe("seeding through the ingest pipeline", () => {
  let database: TestDatabase;
  const rejects: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  const count = async (query: ReturnType<typeof sql>) => {
    const rows = await database.db.execute<{ n: number }>(query);
    // drizzle returns the driver's result: an array (postgres.js) or { rows } (PGlite).
    const list = Array.isArray(rows) ? rows : (rows as unknown as { rows: Array<{ n: number }> }).rows;
    return Number(list[0]?.n);
  };

  it("ingests every generated observation: classifieds, properties across portals, price drops, removals", async () => {
    const summary = await seedDatabase(database.db, { classifieds: 400, seed: 21 }, { onReject: (r) => rejects.push(`${r.line}: ${r.reason}`) });
    expect(rejects).toEqual([]);
    expect(summary).toMatchObject({ created: 400, rejected: 0 });
    expect(summary.updated).toBeGreaterThan(0);
    expect(summary.removed).toBeGreaterThan(0);
    expect(await count(sql`select count(*)::int as n from classifieds`)).toBe(400);
    const properties = await count(sql`select count(*)::int as n from properties`);
    expect(properties).toBeLessThan(400);
    expect(properties).toBeGreaterThan(150);
    const multiPortal = await count(
      sql`select count(*)::int as n from (select property_id from classifieds group by property_id having count(distinct source_domain) > 1) p`,
    );
    expect(multiPortal).toBeGreaterThan(20);
    expect(await count(sql`select count(*)::int as n from classifieds where status = 'removed' and removed_at is not null`)).toBe(summary.removed);
    expect(await count(sql`select count(*)::int as n from classified_price_history`)).toBeGreaterThan(400);
    expect(await count(sql`select count(distinct department)::int as n from classifieds`)).toBeGreaterThan(30);
  });

  it("is idempotent: seeding the same feed again changes nothing", async () => {
    const events = await count(sql`select count(*)::int as n from events`);
    const again = await seedDatabase(database.db, { classifieds: 400, seed: 21 });
    expect(again).toMatchObject({ created: 0, updated: 0, removed: 0, rejected: 0 });
    expect(again.unchanged).toBe(again.received);
    expect(await count(sql`select count(*)::int as n from events`)).toBe(events);
  });

  it("stops at once when aborted, writing nothing more", async () => {
    const aborter = new AbortController();
    aborter.abort();
    const summary = await seedDatabase(database.db, { classifieds: 50, seed: 99 }, {}, aborter.signal);
    expect(summary.received).toBe(0);
  });

  it("prepares the demo once: no seeding on a database that has listings, one demo token that works", async () => {
    const logger = pino({ level: "silent" });
    const first = await prepareDemo(database.db, { classifieds: 30, logger });
    expect(first.seeded).toBeUndefined(); // listings already exist
    expect(first.token).toMatch(/^lgw_/);
    const viewer = await new Authenticator(database.db).authenticate(first.token ?? "");
    expect(viewer).toMatchObject({
      email: "demo@listings.example",
      plan: "pro200",
      scopes: ["read", "ingest", "webhooks", "admin"],
      contract: { allDepartments: true, departments: [], sirens: [], sirets: [] },
    });
    const second = await prepareDemo(database.db, { classifieds: 30, logger });
    expect(second).toEqual({ seeded: undefined, token: undefined });
    expect(await database.db.select().from(apiTokens)).toHaveLength(1);
  });
});

describe("demo on a fresh database", () => {
  it("seeds the demo listings observed up to the start of today and creates the token", async () => {
    const database = await createTestDatabase();
    try {
      const today = new Date("2026-06-10T15:00:00Z");
      const result = await prepareDemo(database.db, { classifieds: 60, logger: pino({ level: "silent" }), today });
      expect(result.seeded).toMatchObject({ created: 60, rejected: 0 });
      expect(result.token).toMatch(/^lgw_/);
    } finally {
      await database.close();
    }
  });
});
