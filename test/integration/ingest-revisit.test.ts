import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { classifieds } from "../../src/db/schema/index.js";
import { generateObservations } from "../../src/modules/seed/generator.js";
import { observation, revise } from "../factories/observations.js";
import { createTestDatabase, type TestDatabase } from "../support/database.js";
import { eventCount, ingest } from "./ingest.helpers.js";

/**
 * A re-visit that changes nothing is told apart by comparing every normalised field with the stored row. These
 * tests hold the stored values to that: whatever an observation carries, the value read back from the database
 * (texts, integers, doubles, booleans, dates) compares equal to the one normalised again from the same line.
 */
describe("ingest: a re-visit compares every field with the stored row", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  const storedRows = async () => new Map((await database.db.select().from(classifieds)).map((row) => [row.urlKey, row] as const));

  it("counts every classified of a generated feed unchanged when observed again as it was last", async () => {
    const feed = [...generateObservations({ classifieds: 300, seed: 20_261_123 })];
    const first = await ingest(database.db, feed);
    expect(first.rejects).toEqual([]);

    // The last line about each url, observed again a day after the feed's end: the same listing, revisited.
    const lastLines = new Map(feed.map((line) => [line.source.url, line] as const));
    const end = Math.max(...feed.map((line) => Date.parse(line.observedAt)));
    const revisitAt = new Date(end + 86_400_000).toISOString();
    const revisits = [...lastLines.values()].filter((line) => "property" in line).map((line) => ({ ...line, observedAt: revisitAt }));
    expect(revisits.length).toBeGreaterThan(250);

    const before = await storedRows();
    const events = await eventCount(database.db);
    const { summary, rejects } = await ingest(database.db, revisits);
    expect(rejects).toEqual([]);
    expect(summary).toEqual({ received: revisits.length, created: 0, updated: 0, unchanged: revisits.length, removed: 0, rejected: 0 });
    expect(await eventCount(database.db)).toBe(events);

    const after = await storedRows();
    for (const [urlKey, row] of after) {
      const previous = before.get(urlKey);
      expect(row).toEqual(previous?.status === "removed" ? previous : { ...previous, lastSeenAt: new Date(revisitAt) });
    }
  });

  it("counts unchanged an observation that carries every optional field, and updated one that changes any of them", async () => {
    const full = observation({
      observedAt: "2026-11-20T08:00:00Z",
      location: { postcode: "69003", inseeCode: "69383", city: { name: "Lyon 3e Arrondissement" }, latitude: 45.759_123_456_789, longitude: 4.851_987_654_321 },
      property: {
        type: "house",
        area: 123.45,
        landArea: 512.5,
        livingRoomArea: 35.25,
        balconyArea: 4.1,
        terraceArea: 12.7,
        roomCount: 5,
        bedroomCount: 3,
        bathroomCount: 2,
        showerRoomCount: 1,
        toiletCount: 2,
        balconyCount: 1,
        terraceCount: 1,
        floor: -1,
        floorCount: 2,
        constructionYear: 1932,
        renovationYear: 2019,
        orientation: "southWest",
        airConditioningExists: true,
        alarmExists: false,
        atticExists: true,
        caretakerExists: false,
        cellarExists: true,
        doorCodeExists: true,
        fireplaceExists: true,
        garageExists: true,
        gardenExists: true,
        intercomExists: false,
        swimmingPoolExists: false,
        toiletSeparateExists: true,
        isCondominium: false,
        isDisabledFriendly: true,
        isDualAspect: true,
        isNew: false,
        isOccupied: false,
        renovationIsNeeded: false,
        propertyIsProgram: false,
      },
      energy: {
        dpe: { label: "b", value: 88.5, date: "2025-03-14" },
        ges: { label: "C", value: 12, date: "2025-03-14T10:30:00.123Z" },
        heating: { source: "geothermal", system: "floor", type: "individual" },
      },
      transaction: { type: "sale", price: 812_345, isExclusiveMandate: true },
      publishedAt: "2026-11-18T09:00:00.250Z",
      title: "Maison d'architecte, jardin et véranda — « coup de cœur »",
      description: 'Ligne 1\nLigne 2\twith a tab, des accents (é, è, ç, œ), des guillemets "doubles" et un emoji 🏡.',
    });
    const created = await ingest(database.db, [full]);
    expect(created.rejects).toEqual([]);
    expect(created.summary.created).toBe(1);

    const again = await ingest(database.db, [revise(full, { observedAt: "2026-11-21T08:00:00Z" })]);
    expect(again.summary).toMatchObject({ unchanged: 1, updated: 0 });

    const changes: Array<Record<string, unknown>> = [
      { property: { landArea: 512.6 } },
      { property: { orientation: "south" } },
      { property: { swimmingPoolExists: true } },
      { property: { floor: 0 } },
      { energy: { ges: { date: "2025-03-14T10:30:00.124Z" } } },
      { energy: { heating: { type: "shared" } } },
      { location: { latitude: 45.759_123_456_788 } },
      { description: 'Ligne 1\nLigne 2\twith a tab, des accents (é, è, ç, œ), des guillemets "doubles" et un emoji 🏠.' },
    ];
    let observedAt = Date.parse("2026-11-22T08:00:00Z");
    let current = full;
    for (const change of changes) {
      observedAt += 86_400_000;
      current = revise(current, { ...change, observedAt: new Date(observedAt).toISOString() });
      const { summary, rejects } = await ingest(database.db, [current]);
      expect(rejects, JSON.stringify(change)).toEqual([]);
      expect(summary, JSON.stringify(change)).toMatchObject({ updated: 1, unchanged: 0 });
      observedAt += 86_400_000;
      const revisited = await ingest(database.db, [revise(current, { observedAt: new Date(observedAt).toISOString() })]);
      expect(revisited.summary, JSON.stringify(change)).toMatchObject({ updated: 0, unchanged: 1 });
    }
  });
});
