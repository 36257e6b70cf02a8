import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../src/db/client.js";
import { events, type NewEventRow } from "../../src/db/schema/index.js";
import { readEventsAfter } from "../../src/modules/events/event-log.repository.js";
import { appendEvents } from "../../src/modules/events/events.repository.js";
import { createTestDatabase, type TestDatabase } from "../support/database.js";

function row(): NewEventRow {
  return {
    type: "created",
    resource: "classified",
    resourceId: randomUUID(),
    propertyId: randomUUID(),
    department: "75",
    propertyType: "apartment",
    transactionType: "sale",
  };
}

/**
 * The cursor guarantee, checked from the reader's side: writers commit concurrently (each transaction does
 * work before and after numbering its events), while a reader pages by cursor as fast as it can. A reader
 * that skipped an event (one committing below a cursor it had already passed) would miss it for good; at the
 * end the reader must have seen every committed event exactly once, in increasing order.
 */
describe("event cursor follows commit order", () => {
  let database: TestDatabase;
  let writers: DatabaseHandle;

  beforeAll(async () => {
    database = await createTestDatabase();
    // On PostgreSQL the writers get their own pool, so their transactions really overlap the reader's reads.
    writers = database.url ? await openDatabase({ kind: "postgres", url: database.url, poolSize: 8 }) : database;
  });
  afterAll(async () => {
    if (writers !== database) await writers.close();
    await database.close();
  });

  it("a reader paging by cursor misses nothing while transactions commit concurrently", async () => {
    let writing = true;
    const seen: bigint[] = [];
    const reader = (async () => {
      let cursor = 0n;
      for (;;) {
        const done = !writing;
        const rows = await readEventsAfter(database.db, cursor, 1_000);
        for (const r of rows) seen.push(r.id);
        cursor = rows.at(-1)?.id ?? cursor;
        if (done && rows.length === 0) return;
      }
    })();
    const write = async (writer: number) => {
      for (let i = 0; i < 15; i += 1) {
        await writers.db.transaction(async (tx) => {
          // Work before the events (as ingest does) and a slow commit after numbering them.
          await tx.execute(sql`select pg_sleep(${((writer * 7 + i * 3) % 5) / 1000})`);
          await appendEvents(tx, [row(), row()]);
          await tx.execute(sql`select pg_sleep(${((writer + i) % 4) / 1000})`);
        });
      }
    };
    await Promise.all(Array.from({ length: 6 }, (_, writer) => write(writer)));
    writing = false;
    await reader;
    const committed = (await database.db.select({ id: events.id }).from(events)).map((r) => r.id).sort((a, b) => (a < b ? -1 : 1));
    expect(committed).toHaveLength(180);
    expect(seen).toEqual(committed);
  });
});
