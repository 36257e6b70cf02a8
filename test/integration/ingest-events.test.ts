import { asc, gt, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../src/db/client.js";
import { events } from "../../src/db/schema/index.js";
import { appendEvents, EVENTS_CHANNEL } from "../../src/modules/events/events.repository.js";
import { ingestLines } from "../../src/modules/ingest/ingest.service.js";
import { observation, revise, toLines } from "../factories/observations.js";
import { createTestDatabase, testDatabaseUrl, type TestDatabase } from "../support/database.js";
import { classifiedOf, eventCount, eventsOf, ingest, TEST_NOW } from "./ingest.helpers.js";

/**
 * A reader that follows the event stream the way subscribers do: repeatedly "every event after my cursor".
 * If an event could commit with an id below one the reader already passed, it would never be seen.
 */
function followEvents(db: Database) {
  const seen: bigint[] = [];
  let cursor = 0n;
  let running = true;
  const loop = (async () => {
    while (running) {
      const rows = await db.select({ id: events.id }).from(events).where(gt(events.id, cursor)).orderBy(asc(events.id));
      for (const row of rows) seen.push(row.id);
      cursor = rows.at(-1)?.id ?? cursor;
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      // One last pass after every writer has committed.
      const rows = await db.select({ id: events.id }).from(events).where(gt(events.id, cursor)).orderBy(asc(events.id));
      seen.push(...rows.map((row) => row.id));
      return seen;
    },
  };
}

async function allEventIds(db: Database): Promise<bigint[]> {
  return (await db.select({ id: events.id }).from(events).orderBy(asc(events.id))).map((row) => row.id);
}

describe("ingest: events (the outbox of deltas)", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it("records one event per change and resource, with what filters and contracts need", async () => {
    const line = observation({ observedAt: "2026-11-20T08:00:00Z" });
    await ingest(database.db, [line]);
    const row = await classifiedOf(database.db, line);
    const common = {
      department: "75",
      propertyType: "apartment",
      transactionType: "sale",
      propertyId: row.propertyId,
      sourceDomains: ["seloger.com"],
      sirens: [row.publisherSiren],
      sirets: [row.publisherSiret],
    };
    expect(await eventsOf(database.db, row.id)).toEqual([
      expect.objectContaining({ ...common, type: "created", resource: "classified", resourceId: row.id, changedFields: [] }),
    ]);
    expect(await eventsOf(database.db, row.propertyId)).toEqual([
      expect.objectContaining({ ...common, type: "created", resource: "property", resourceId: row.propertyId, changedFields: [] }),
    ]);

    const before = await eventCount(database.db);
    await ingest(database.db, [revise(line, { observedAt: "2026-11-21T08:00:00Z", transaction: { price: 620_000 }, title: "Prix en baisse" })]);
    expect(await eventCount(database.db)).toBe(before + 2);
    expect((await eventsOf(database.db, row.id)).at(-1)).toMatchObject({ type: "updated", changedFields: ["priceCurrent", "pricePerSquareMeter", "title"] });

    // A re-visit and a re-ingest record nothing.
    await ingest(database.db, [revise(line, { observedAt: "2026-11-22T08:00:00Z", transaction: { price: 620_000 }, title: "Prix en baisse" })]);
    await ingest(database.db, [revise(line, { observedAt: "2026-11-22T08:00:00Z", transaction: { price: 620_000 }, title: "Prix en baisse" })]);
    expect(await eventCount(database.db)).toBe(before + 2);
  });

  it("wakes listeners with the highest event id of the commit", async () => {
    const payloads: string[] = [];
    const stop = await database.listen(EVENTS_CHANNEL, (payload) => payloads.push(payload));
    try {
      await ingest(database.db, [observation(), observation()]);
      for (let i = 0; i < 100 && payloads.length === 0; i += 1) await new Promise((resolve) => setTimeout(resolve, 20));
      const ids = await allEventIds(database.db);
      expect(payloads).toEqual([String(ids.at(-1))]);
    } finally {
      await stop();
    }
  });

  it.skipIf(testDatabaseUrl === undefined)(
    "numbers events in commit order: a transaction that appends later waits, so readers never skip one (PostgreSQL)",
    async () => {
      const reader = followEvents(database.db);
      const row = (n: number) => ({
        type: "updated",
        resource: "classified",
        resourceId: "00000000-0000-4000-8000-00000000000" + String(n),
        propertyId: "00000000-0000-4000-8000-000000000000",
        department: "75",
        propertyType: "apartment",
        transactionType: "sale",
      });
      let firstAppended: () => void = () => undefined;
      const appended = new Promise<void>((resolve) => (firstAppended = resolve));
      // The first writer takes ids, then keeps its transaction open; the second appends meanwhile.
      const slow = database.db.transaction(async (tx) => {
        await appendEvents(tx, [row(1), row(2)]);
        firstAppended();
        await tx.execute(sql`select pg_sleep(0.4)`);
      });
      await appended;
      const fast = database.db.transaction(async (tx) => {
        await appendEvents(tx, [row(3)]);
      });
      await Promise.all([slow, fast]);
      const seen = await reader.stop();
      const all = await allEventIds(database.db);
      expect(seen).toEqual(all);
    },
  );

  it.skipIf(testDatabaseUrl === undefined)("keeps the cursor gap-free under concurrent ingests (PostgreSQL)", async () => {
    const reader = followEvents(database.db);
    const feed = () => toLines(Array.from({ length: 120 }, () => observation()));
    const [a, b, c] = await Promise.all([
      ingestLines(database.db, feed(), { batchSize: 10, now: TEST_NOW }),
      ingestLines(database.db, feed(), { batchSize: 7, now: TEST_NOW }),
      ingestLines(database.db, feed(), { batchSize: 13, now: TEST_NOW }),
    ]);
    expect([a.created, b.created, c.created]).toEqual([120, 120, 120]);
    const seen = await reader.stop();
    expect(seen).toEqual(await allEventIds(database.db));
  });
});
