import { sql, type SQL } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../../src/db/client.js";
import { rowsOf } from "../../src/db/result-rows.js";
import { BatchPipeline } from "../../src/modules/ingest/batch-pipeline.js";
import { ingestLines } from "../../src/modules/ingest/ingest.service.js";
import type { NormalisedLine } from "../../src/modules/ingest/normalised.types.js";
import { prepareLine } from "../../src/modules/ingest/prepare-line.js";
import { generateObservations } from "../../src/modules/seed/generator.js";
import { observation, removal, revise, sameFlat, toLines } from "../factories/observations.js";
import { createTestDatabase, testDatabaseUrl, type TestDatabase } from "../support/database.js";
import { TEST_NOW, urlOf } from "./ingest.helpers.js";

let listingNumber = 5_000_000;

/** The same flat as `original` on another portal: same photos, close area (see ingest-properties.test.ts). */
function onAnotherPortal(original: Record<string, unknown>, observedAt: string) {
  return observation({
    source: { domain: "leboncoin.fr", url: `https://www.leboncoin.fr/ventes_immobilieres/${(listingNumber += 1)}.htm` },
    observedAt,
    property: { area: 43 },
    transaction: { price: 640_000 },
    media: original["media"],
  });
}

/**
 * A feed where, in batches of two lines, each batch reads what the batch before it writes: a classified joins
 * a property created one batch earlier, classifieds created one batch earlier are revised, re-visited and
 * removed, and a property whose lastSeenAt a re-visit moved is derived again.
 */
function adjacentFeed(): Record<string, unknown>[] {
  const a = observation({ observedAt: "2026-11-10T08:00:00Z" });
  const c = observation({ observedAt: "2026-11-10T08:00:00Z" });
  const b = onAnotherPortal(a, "2026-11-11T08:00:00Z");
  const d = observation({ observedAt: "2026-11-11T08:00:00Z" });
  const e = onAnotherPortal(a, "2026-11-14T08:00:00Z");
  return [
    a,
    c,
    b,
    d,
    revise(d, { observedAt: "2026-11-12T08:00:00Z", transaction: { price: 600_000 } }),
    revise(c, { observedAt: "2026-11-12T08:00:00Z" }),
    removal(urlOf(b), "2026-11-13T08:00:00Z"),
    revise(d, { observedAt: "2026-11-13T08:00:00Z", transaction: { price: 590_000 } }),
    e,
    revise(d, { observedAt: "2026-11-14T08:00:00Z", transaction: { price: 590_000 } }),
    revise(e, { observedAt: "2026-11-15T08:00:00Z", transaction: { price: 630_000 } }),
    revise(d, { observedAt: "2026-11-15T08:00:00Z", transaction: { price: 580_000 } }),
    removal(urlOf(a), "2026-11-16T08:00:00Z"),
  ];
}

/**
 * Everything an ingest leaves, without the generated ids: classifieds by url, properties by the urls of their
 * classifieds, price history, images and events in order.
 */
async function contentOf(db: Database) {
  const rows = async (query: SQL) => rowsOf<Record<string, unknown>>(await db.execute(query));
  const members = sql`(select string_agg(m.url_key, ' ' order by m.url_key) from classifieds m where m.property_id`;
  return {
    classifieds: await rows(sql`select to_jsonb(c) - 'id' - 'property_id' as row, ${members} = c.property_id) as members
      from classifieds c order by c.url_key`),
    properties: await rows(sql`select to_jsonb(p) - 'id' - 'lead_classified_id' - 'search_vector' as row, ${members} = p.id) as members,
      (select url_key from classifieds l where l.id = p.lead_classified_id) as lead from properties p order by 2`),
    priceHistory: await rows(sql`select c.url_key, h.value, h.observed_at from classified_price_history h
      join classifieds c on c.id = h.classified_id order by 1, 3, 2`),
    images: await rows(sql`select c.url_key, i.image - 0 as image from classified_image_lists l
      cross join jsonb_array_elements(l.images) with ordinality as i(image, position)
      join classifieds c on c.id = l.classified_id order by 1, i.position`),
    events: await rows(sql`select to_jsonb(e) - 'id' - 'resource_id' - 'property_id' - 'occurred_at' as event,
      coalesce((select url_key from classifieds c where c.id = e.resource_id), ${members} = e.resource_id)) as resource
      from events e order by e.id`),
  };
}

function prepared(items: ReadonlyArray<Record<string, unknown>>): NormalisedLine[] {
  return toLines(items).map((text) => {
    const result = prepareLine(text, TEST_NOW());
    if (!result.ok) throw new Error(result.reason);
    return result.line;
  });
}

describe("ingest: batches planned while the batch before them writes", () => {
  let ahead: TestDatabase;
  let inTransaction: TestDatabase;
  beforeAll(async () => {
    [ahead, inTransaction] = await Promise.all([createTestDatabase(), createTestDatabase()]);
  });
  afterAll(async () => {
    await Promise.all([ahead.close(), inTransaction.close()]);
  });

  const bothWays = async (lines: string[], batchSize: number) => {
    const [withPlansAhead, without] = await Promise.all([
      ingestLines(ahead.db, lines, { batchSize, now: TEST_NOW, readAhead: true }),
      ingestLines(inTransaction.db, lines, { batchSize, now: TEST_NOW, readAhead: false }),
    ]);
    expect(withPlansAhead).toEqual(without);
    expect(await contentOf(ahead.db)).toEqual(await contentOf(inTransaction.db));
  };

  it("leaves the same rows and events as batches planned in their own transaction, batch after adjacent batch", async () => {
    await bothWays(toLines(adjacentFeed()), 2);
  });

  it("leaves the same rows and events on a generated feed with properties across batch boundaries", async () => {
    const feed = [...generateObservations({ classifieds: 400, seed: 11 })].map((line) => JSON.stringify(line));
    await bothWays(feed, 7);
  });

  it.skipIf(testDatabaseUrl === undefined)("plans a batch again when another ingest committed after its plan was made (PostgreSQL)", async () => {
    const first = observation({ observedAt: "2026-11-10T08:00:00Z" });
    const listing = observation({ observedAt: "2026-11-11T08:00:00Z" });
    const pipeline = new BatchPipeline(ahead.db);
    const running = pipeline.apply(prepared([first]));
    const planned = pipeline.planAhead(prepared([revise(listing, { observedAt: "2026-11-12T08:00:00Z", transaction: { price: 610_000 } })]));
    await running;
    // The plan was made while nothing else had written the listing: it would create it.
    expect((await planned)?.plan.result.outcomes).toEqual(["created"]);

    // Another ingest creates the listing before the batch's turn.
    await ingestLines(ahead.db, toLines([listing]), { now: TEST_NOW, readAhead: false });
    const result = await pipeline.apply(prepared([revise(listing, { observedAt: "2026-11-12T08:00:00Z", transaction: { price: 610_000 } })]), planned);

    await pipeline.close();
    expect(result.outcomes).toEqual(["updated"]);
    const [stored] = rowsOf(
      await ahead.db.execute(sql`select count(*)::int as n, min(price_current) as price from classifieds where source_url = ${urlOf(listing)}`),
    );
    expect(stored).toEqual({ n: 1, price: 610_000 });
  });

  it.skipIf(testDatabaseUrl === undefined)(
    "matches against what another ingest wrote between two of its batches, not what it read before (PostgreSQL)",
    async () => {
      const flat = observation({ observedAt: "2026-11-10T08:00:00Z" });
      const copy = sameFlat(flat, { observedAt: "2026-11-12T08:00:00Z" });
      const neighbour = () => observation({ observedAt: "2026-11-11T08:00:00Z" });
      const pipeline = new BatchPipeline(ahead.db);
      await pipeline.apply(prepared([flat]));
      // A batch planned ahead reads the flat's block.
      const second = pipeline.apply(prepared([neighbour()]));
      const third = pipeline.planAhead(prepared([neighbour()]));
      await second;
      await pipeline.apply(prepared([neighbour()]), third);

      // Another ingest corrects the flat's price: the copy of its first version can no longer be it.
      await ingestLines(ahead.db, toLines([revise(flat, { observedAt: "2026-11-11T09:00:00Z", transaction: { price: 990_000 } })]), {
        now: TEST_NOW,
        readAhead: false,
      });
      const fourth = pipeline.apply(prepared([neighbour()]));
      const fifth = pipeline.planAhead(prepared([copy]));
      await fourth;
      await pipeline.apply(prepared([copy]), fifth);
      await pipeline.close();

      const properties = rowsOf(
        await ahead.db.execute(
          sql`select count(distinct property_id)::int as n from classifieds where source_url = any(${`{${urlOf(flat)},${urlOf(copy)}}`}::text[])`,
        ),
      );
      expect(properties).toEqual([{ n: 2 }]);
    },
  );

  it.skipIf(testDatabaseUrl === undefined)("ingests on a pool of one connection, which the plans ahead then wait for (PostgreSQL)", async () => {
    const single = await openDatabase({ kind: "postgres", url: ahead.url ?? "", poolSize: 1 });
    try {
      const feed = toLines(Array.from({ length: 9 }, () => observation({ observedAt: "2026-11-10T08:00:00Z" })));
      const summary = await ingestLines(single.db, feed, { batchSize: 2, now: TEST_NOW });
      expect(summary).toMatchObject({ received: 9, created: 9 });
    } finally {
      await single.close();
    }
  });

  it("plans nothing ahead on PGlite, whose single session the running transaction holds", async () => {
    const pipeline = new BatchPipeline(ahead.db);
    const running = pipeline.apply(prepared([observation({ observedAt: "2026-11-10T08:00:00Z" })]));
    const planned = pipeline.planAhead(prepared([observation({ observedAt: "2026-11-10T08:00:00Z" })]));
    await running;
    await pipeline.close();
    if (testDatabaseUrl === undefined) expect(await planned).toBeUndefined();
    else expect(await planned).toBeDefined();
  });
});
