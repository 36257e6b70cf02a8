import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { classifieds } from "../../src/db/schema/index.js";
import { ingestLines } from "../../src/modules/ingest/ingest.service.js";
import { observation, removal, revise, toLines } from "../factories/observations.js";
import { createTestDatabase, type TestDatabase } from "../support/database.js";
import { classifiedOf, eventCount, eventsOf, imagesOf, ingest, priceHistoryOf, propertyById, snapshot, TEST_NOW, urlOf } from "./ingest.helpers.js";

describe("ingest: identity and history of classifieds", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it("creates a normalised classified, its first price, its images and its property", async () => {
    const line = observation({ observedAt: "2026-11-20T08:00:00Z", publisher: { phone: "01 44 55 66 77" } });
    const { summary, rejects } = await ingest(database.db, [line]);
    expect(rejects).toEqual([]);
    expect(summary).toEqual({ received: 1, created: 1, updated: 0, unchanged: 0, removed: 0, rejected: 0 });

    const row = await classifiedOf(database.db, line);
    const at = new Date("2026-11-20T08:00:00Z");
    expect(row).toMatchObject({
      status: "available",
      sourceDomain: "seloger.com",
      inseeCode: "75111",
      department: "75",
      postcode: "75011",
      publisherPhone: "+33144556677",
      priceInitial: 650_000,
      priceCurrent: 650_000,
      pricePerSquareMeter: 15_294,
      dpeLabel: "d",
      firstSeenAt: at,
      lastSeenAt: at,
      lastModifiedAt: at,
      removedAt: null,
    });
    expect(row.publisherSiren).toBe(row.publisherSiret?.slice(0, 9));
    expect(await priceHistoryOf(database.db, row.id)).toEqual([{ value: 650_000, observedAt: at }]);
    const images = await imagesOf(database.db, row.id);
    expect(images.map((image) => image.position)).toEqual([0, 1, 2]);
    expect(images[0]?.perceptualHash).toMatch(/^[0-9a-f]{16}$/);
    // Kept with the classified for property matching.
    expect(row.imageHashes).toBe(images.map((image) => image.perceptualHash).join(","));

    const property = await propertyById(database.db, row.propertyId);
    expect(property).toMatchObject({
      leadClassifiedId: row.id,
      status: "available",
      priceInitial: 650_000,
      priceCurrent: 650_000,
      sourceDomains: ["seloger.com"],
      sourceDomainsCount: 1,
      firstSeenAt: at,
      lastSeenAt: at,
      priceChangedAt: null,
    });
    expect(property.priceHistory).toEqual([{ value: 650_000, timestamp: at.toISOString() }]);
  });

  it("keeps the uuid of a classified whatever spelling of its url comes in", async () => {
    const line = observation({ observedAt: "2026-11-20T08:00:00Z", source: { url: "https://www.seloger.com/annonces/spelling-1.htm" } });
    await ingest(database.db, [line]);
    const first = await classifiedOf(database.db, line);
    const respelt = revise(line, { source: { url: "seloger.com/annonces/spelling-1.htm?utm_source=mail#photos" }, observedAt: "2026-11-21T08:00:00Z" });
    const { summary } = await ingest(database.db, [respelt]);
    expect(summary.unchanged).toBe(1);
    expect((await classifiedOf(database.db, respelt)).id).toBe(first.id);
  });

  it("appends a price history entry on a price change; initial stays, current follows", async () => {
    const line = observation({ observedAt: "2026-11-20T08:00:00Z" });
    await ingest(database.db, [line]);
    const { summary } = await ingest(database.db, [revise(line, { observedAt: "2026-11-22T08:00:00Z", transaction: { price: 600_000 } })]);
    expect(summary).toMatchObject({ updated: 1, created: 0 });

    const row = await classifiedOf(database.db, line);
    expect(row).toMatchObject({ priceInitial: 650_000, priceCurrent: 600_000, pricePerSquareMeter: 14_118 });
    expect(row.lastModifiedAt).toEqual(new Date("2026-11-22T08:00:00Z"));
    expect(await priceHistoryOf(database.db, row.id)).toEqual([
      { value: 650_000, observedAt: new Date("2026-11-20T08:00:00Z") },
      { value: 600_000, observedAt: new Date("2026-11-22T08:00:00Z") },
    ]);
    const property = await propertyById(database.db, row.propertyId);
    expect(property).toMatchObject({ priceInitial: 650_000, priceCurrent: 600_000, priceChangedAt: new Date("2026-11-22T08:00:00Z") });
    expect(property.priceHistory.map((point) => point.value)).toEqual([650_000, 600_000]);

    const [, updated] = await eventsOf(database.db, row.id);
    expect(updated).toMatchObject({ type: "updated", resource: "classified", changedFields: ["priceCurrent", "pricePerSquareMeter"] });
    const [, propertyUpdated] = await eventsOf(database.db, row.propertyId);
    expect(propertyUpdated).toMatchObject({ type: "updated", resource: "property", changedFields: ["priceCurrent", "pricePerSquareMeter"] });
  });

  it("moves lastModifiedAt on any other field change, without a price entry", async () => {
    const line = observation({ observedAt: "2026-11-20T08:00:00Z" });
    await ingest(database.db, [line]);
    const { summary } = await ingest(database.db, [revise(line, { observedAt: "2026-11-23T08:00:00Z", title: "Nouveau titre" })]);
    expect(summary.updated).toBe(1);
    const row = await classifiedOf(database.db, line);
    expect(row.title).toBe("Nouveau titre");
    expect(row.lastModifiedAt).toEqual(new Date("2026-11-23T08:00:00Z"));
    expect(row.lastSeenAt).toEqual(new Date("2026-11-23T08:00:00Z"));
    expect(await priceHistoryOf(database.db, row.id)).toHaveLength(1);
    const classifiedEvents = await eventsOf(database.db, row.id);
    expect(classifiedEvents.map((event) => [event.type, event.changedFields])).toEqual([
      ["created", []],
      ["updated", ["title"]],
    ]);
  });

  it("replaces the images when they change", async () => {
    const line = observation({ observedAt: "2026-11-20T08:00:00Z" });
    await ingest(database.db, [line]);
    const images = [{ url: "https://img.seloger.com/new/0.jpg", perceptualHash: "0f0f0f0f0f0f0f0f" }];
    await ingest(database.db, [revise(line, { observedAt: "2026-11-21T08:00:00Z", media: { images } })]);
    const row = await classifiedOf(database.db, line);
    expect((await imagesOf(database.db, row.id)).map((image) => [image.position, image.url])).toEqual([[0, "https://img.seloger.com/new/0.jpg"]]);
    expect(row.imageHashes).toBe("0f0f0f0f0f0f0f0f");
    expect((await eventsOf(database.db, row.id)).at(-1)?.changedFields).toEqual(["images"]);

    const withoutHashes = [{ url: "https://img.seloger.com/new/1.jpg", perceptualHash: null, differenceHash: null, averageHash: null }];
    await ingest(database.db, [revise(line, { observedAt: "2026-11-22T08:00:00Z", media: { images: withoutHashes } })]);
    expect((await classifiedOf(database.db, line)).imageHashes).toBe("");
  });

  describe("backfills of the migrations, on rows as they were stored before them", () => {
    /** The statements of a committed migration. */
    const statementsOf = (file: string) => readFileSync(new URL(`../../drizzle/${file}`, import.meta.url), "utf8").split("--> statement-breakpoint");
    const run = (statement: string | undefined) => database.db.execute(sql.raw(statement ?? "select 'statement not found' :: int"));

    /** The image table as migration 0000 created it (0007 replaced it), filled from the stored lists. */
    async function recreateImageRows() {
      await run(statementsOf("0000_initial.sql").find((statement) => statement.includes('CREATE TABLE "classified_images"')));
      await database.db.execute(sql`insert into classified_images (id, classified_id, position, url, perceptual_hash, difference_hash, average_hash)
        select (i.image->>0)::uuid, l.classified_id, i.position - 1, i.image->>1, i.image->>2, i.image->>3, i.image->>4
        from classified_image_lists l cross join jsonb_array_elements(l.images) with ordinality as i(image, position)`);
    }

    afterEach(async () => {
      await database.db.execute(sql`drop table if exists classified_images`);
    });

    it("0006 gives the classifieds the image hashes the pipeline writes", async () => {
      const line = observation({ observedAt: "2026-11-20T08:00:00Z" });
      await ingest(database.db, [line]);
      const written = (await classifiedOf(database.db, line)).imageHashes;
      expect(written).not.toBe("");
      await recreateImageRows();
      await database.db.execute(sql`update classifieds set image_hashes = ''`);
      await run(statementsOf("0006_property_matching_reads.sql").find((statement) => statement.includes('UPDATE "classifieds"')));
      expect((await classifiedOf(database.db, line)).imageHashes).toBe(written);
    });

    it("0007 turns each classified's image rows into the list the pipeline writes", async () => {
      const images = [
        { url: "https://img.seloger.com/a/0.jpg", perceptualHash: "0f0f0f0f0f0f0f0f", differenceHash: "1e1e1e1e1e1e1e1e", averageHash: null },
        { url: "https://img.seloger.com/a/1.jpg", perceptualHash: null, differenceHash: null, averageHash: "2d2d2d2d2d2d2d2d" },
      ];
      const line = observation({ observedAt: "2026-11-20T08:00:00Z", media: { images } });
      await ingest(database.db, [line]);
      const classified = await classifiedOf(database.db, line);
      const written = await imagesOf(database.db, classified.id);
      expect(written.map((image) => image.url)).toEqual(images.map((image) => image.url));
      await recreateImageRows();
      await database.db.execute(sql`delete from classified_image_lists`);
      await run(statementsOf("0007_image_lists.sql").find((statement) => statement.includes('INSERT INTO "classified_image_lists"')));
      expect(await imagesOf(database.db, classified.id)).toEqual(written);
    });

    it("0009 keeps the images part of each stored digest, so that a re-visit leaves the images alone", async () => {
      const line = observation({ observedAt: "2026-11-20T08:00:00Z" });
      await ingest(database.db, [line]);
      const written = (await classifiedOf(database.db, line)).imagesDigest;
      // Stored before 0009: "<digest of the fields>.<digest of the images>".
      await database.db.execute(sql`update classifieds set images_digest = 'x5WvIqBjVb1yzPm1fBqk0A.' || images_digest`);
      await run(statementsOf("0009_classified_images_digest.sql").find((statement) => statement.includes('UPDATE "classifieds"')));
      const migrated = await classifiedOf(database.db, line);
      expect(migrated.imagesDigest).toBe(written);

      const { summary } = await ingest(database.db, [revise(line, { observedAt: "2026-11-21T08:00:00Z" })]);
      expect(summary).toMatchObject({ unchanged: 1, updated: 0 });
    });
  });

  it("a re-visit that changes nothing moves only lastSeenAt and records no event", async () => {
    const line = observation({ observedAt: "2026-11-20T08:00:00Z" });
    await ingest(database.db, [line]);
    const before = await classifiedOf(database.db, line);
    const eventsBefore = await eventCount(database.db);
    const { summary } = await ingest(database.db, [revise(line, { observedAt: "2026-11-24T08:00:00Z" })]);
    expect(summary).toMatchObject({ unchanged: 1, updated: 0 });

    const after = await classifiedOf(database.db, line);
    expect(after).toEqual({ ...before, lastSeenAt: new Date("2026-11-24T08:00:00Z") });
    expect(await eventCount(database.db)).toBe(eventsBefore);
    expect((await propertyById(database.db, after.propertyId)).lastSeenAt).toEqual(new Date("2026-11-24T08:00:00Z"));
  });

  it("removal sets status and removedAt once; a later observation brings the listing back", async () => {
    const line = observation({ observedAt: "2026-11-20T08:00:00Z" });
    await ingest(database.db, [line]);
    const url = urlOf(line);
    const { summary } = await ingest(database.db, [removal(url, "2026-11-25T08:00:00Z")]);
    expect(summary).toMatchObject({ received: 1, removed: 1 });
    const removed = await classifiedOf(database.db, line);
    expect(removed).toMatchObject({ status: "removed", removedAt: new Date("2026-11-25T08:00:00Z") });
    expect((await eventsOf(database.db, removed.id)).at(-1)).toMatchObject({ type: "removed", changedFields: ["removedAt", "status"] });
    const property = await propertyById(database.db, removed.propertyId);
    expect(property.status).toBe("removed");
    expect((await eventsOf(database.db, property.id)).at(-1)).toMatchObject({ type: "removed", resource: "property" });

    const eventsBefore = await eventCount(database.db);
    const again = await ingest(database.db, [removal(url, "2026-11-26T08:00:00Z")]);
    expect(again.summary).toMatchObject({ unchanged: 1, removed: 0 });
    expect(await eventCount(database.db)).toBe(eventsBefore);

    const back = await ingest(database.db, [revise(line, { observedAt: "2026-11-27T08:00:00Z" })]);
    expect(back.summary.updated).toBe(1);
    expect(await classifiedOf(database.db, line)).toMatchObject({ status: "available", removedAt: null });
    expect((await propertyById(database.db, removed.propertyId)).status).toBe("available");
  });

  it("an observation older than the last one applied is stale: counted unchanged, applies nothing", async () => {
    const line = observation({ observedAt: "2026-11-22T08:00:00Z" });
    await ingest(database.db, [line]);
    const before = await snapshot(database.db);
    const { summary } = await ingest(database.db, [
      revise(line, { observedAt: "2026-11-21T08:00:00Z", transaction: { price: 1 } }),
      removal(urlOf(line), "2026-11-19T08:00:00Z"),
    ]);
    expect(summary).toEqual({ received: 2, created: 0, updated: 0, unchanged: 2, removed: 0, rejected: 0 });
    expect(await snapshot(database.db)).toEqual(before);
  });

  it("applies several lines about one url in order within one batch", async () => {
    const line = observation({ observedAt: "2026-11-20T08:00:00Z" });
    const { summary } = await ingest(database.db, [
      line,
      revise(line, { observedAt: "2026-11-21T08:00:00Z", transaction: { price: 640_000 } }),
      revise(line, { observedAt: "2026-11-22T08:00:00Z", transaction: { price: 630_000 } }),
    ]);
    expect(summary).toMatchObject({ created: 1, updated: 2 });
    const row = await classifiedOf(database.db, line);
    expect((await priceHistoryOf(database.db, row.id)).map((entry) => entry.value)).toEqual([650_000, 640_000, 630_000]);
    // One event per resource for the batch, describing the final state.
    expect((await eventsOf(database.db, row.id)).map((event) => event.type)).toEqual(["created"]);
    const property = await propertyById(database.db, row.propertyId);
    expect(property).toMatchObject({ priceInitial: 650_000, priceCurrent: 630_000 });
  });

  it("re-ingesting the same file changes no row and records no event", async () => {
    const a = observation({ observedAt: "2026-11-20T08:00:00Z" });
    const b = observation({ observedAt: "2026-11-20T09:00:00Z" });
    const file = [
      a,
      b,
      revise(a, { observedAt: "2026-11-21T08:00:00Z", transaction: { price: 610_000 } }),
      "not json",
      revise(b, { observedAt: "2026-11-21T09:00:00Z" }),
      removal(urlOf(b), "2026-11-22T09:00:00Z"),
    ];
    const first = await ingest(database.db, file, { batchSize: 2 });
    expect(first.summary).toEqual({ received: 6, created: 2, updated: 1, unchanged: 1, removed: 1, rejected: 1 });
    const before = await snapshot(database.db);
    const second = await ingest(database.db, file, { batchSize: 2 });
    expect(second.summary).toEqual({ received: 6, created: 0, updated: 0, unchanged: 5, removed: 0, rejected: 1 });
    expect(await snapshot(database.db)).toEqual(before);
  });

  it("rejects bad lines with their line numbers and still ingests every other line", async () => {
    const good = [observation(), observation(), observation()];
    const lines = [good[0] ?? {}, "{oops", good[1] ?? {}, "", observation({ transaction: { price: "free" } }), good[2] ?? {}];
    const { summary, rejects } = await ingest(database.db, lines);
    expect(summary).toEqual({ received: 5, created: 3, updated: 0, unchanged: 0, removed: 0, rejected: 2 });
    expect(rejects.map(({ line, reason }) => ({ line, reason }))).toEqual([
      { line: 2, reason: expect.stringMatching(/^not valid JSON/) },
      { line: 5, reason: "transaction.price: must be a number" },
    ]);
    expect(rejects[0]?.input).toBe("{oops");
    for (const line of good) await expect(classifiedOf(database.db, line)).resolves.toBeDefined();
  });

  // A rule this test database enforces stands in for any row-specific database failure: one on the classifieds
  // (among the batch's first writes), one on the images (written after the properties and classifieds).
  const refusals = [
    {
      rule: "test_refused_title",
      table: "classifieds",
      check: "title is distinct from 'REFUSED'",
      title: "REFUSED",
      overrides: {},
    },
    {
      rule: "test_refused_image",
      table: "classified_image_lists",
      check: "images::text not like '%/refused.jpg%'",
      title: "REFUSED IMAGE",
      overrides: { media: { images: [{ url: "https://img.seloger.com/refused.jpg", perceptualHash: null, differenceHash: null, averageHash: null }] } },
    },
  ];

  // In batches of one line, the refused line's batch is planned while the first one writes: on PostgreSQL the
  // batch writer's thread sends it.
  const refusalCases = [500, 1].flatMap((batchSize) => refusals.map((refusal) => ({ ...refusal, batchSize })));

  it.each(refusalCases)(
    "retries a batch line by line when the database refuses one row ($table, batches of $batchSize), and reports that line",
    async (refusal) => {
      await database.db.execute(sql.raw(`alter table ${refusal.table} add constraint ${refusal.rule} check (${refusal.check})`));
      try {
        const lines = [observation(), observation({ title: refusal.title, ...refusal.overrides }), observation()];
        const before = await eventCount(database.db);
        const { summary, rejects } = await ingest(database.db, lines, { batchSize: refusal.batchSize });
        expect(summary).toMatchObject({ received: 3, created: 2, rejected: 1 });
        expect(rejects).toEqual([
          { line: 2, reason: expect.stringMatching(new RegExp(`^database refused the line: .*${refusal.rule}`)), input: expect.any(String) },
        ]);
        // Nothing half written: the refused line left no classified and no event (the other two lines created two
        // classifieds and two properties: four events).
        const refused = await database.db.select().from(classifieds).where(sql`${classifieds.title} = ${refusal.title}`);
        expect(refused).toEqual([]);
        expect(await eventCount(database.db)).toBe(before + 4);
      } finally {
        await database.db.execute(sql.raw(`alter table ${refusal.table} drop constraint ${refusal.rule}`));
      }
    },
  );

  it("reports progress after each batch", async () => {
    const progress: number[] = [];
    const lines = Array.from({ length: 7 }, () => observation());
    const summary = await ingestLines(database.db, toLines(lines), { batchSize: 3, now: TEST_NOW, onProgress: (s) => progress.push(s.created) });
    expect(summary.created).toBe(7);
    expect(progress).toEqual([3, 6, 7]);
  });

  it("stops reading when aborted, even while the source waits, and writes the lines already read", async () => {
    const aborter = new AbortController();
    const lines = Array.from({ length: 3 }, () => observation());
    async function* stalledFeed() {
      yield* toLines(lines);
      // A feed that has nothing more to say for now (an idle stdin); the abort arrives meanwhile.
      setTimeout(() => aborter.abort(), 50);
      await new Promise(() => undefined);
    }
    const summary = await ingestLines(database.db, stalledFeed(), { batchSize: 2, now: TEST_NOW, signal: aborter.signal });
    expect(summary).toMatchObject({ received: 3, created: 3, rejected: 0 });
    for (const line of lines) await expect(classifiedOf(database.db, line)).resolves.toBeDefined();
  });
});
