import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { classifieds } from "../../src/db/schema/index.js";
import { groupingTypeOf } from "../../src/domain/grouping/grouping-type.js";
import { observation } from "../factories/observations.js";
import { createTestDatabase, type TestDatabase } from "../support/database.js";
import { migrationStatement } from "../support/migration-sql.js";
import { ingest } from "./ingest.helpers.js";

/**
 * The migrations that added `grouping_type` (0026: the floor) and read it from the title (0028) read it, for the
 * classifieds stored before, in SQL: one after the other, they must read what the ingest reads for new ones
 * (grouping/grouping-type.ts).
 */
const FROM_FLOOR = migrationStatement("0026_grouping_type.sql", "UPDATE");
const FROM_TITLE = migrationStatement("0028_grouping_type_from_title.sql", "UPDATE");

/** Type, floor and title as a portal gives them, and the type grouping blocks on. */
const LISTED: ReadonlyArray<[string, number | undefined, string, string]> = [
  ["apartment", 3, "Appartement 3 pièces", "apartment"],
  ["apartment", undefined, "T3 lumineux", "apartment"],
  ["house", 0, "Maison 5 pièces avec jardin", "house"],
  ["house", 2, "Maison 4 pièces", "apartment"],
  ["house", undefined, "Propriété au calme", "house"],
  ["parking", 1, "Parking en sous-sol", "parking"],
  ["house", undefined, "APPARTEMENT T3 AVEC BALCON", "apartment"],
  ["house", 0, "Studio meublé proche gare", "apartment"],
  ["apartment", undefined, "Maison de ville 4 pièces", "house"],
  ["apartment", undefined, "Pavillon avec garage", "house"],
  ["house", undefined, "Maison avec studio indépendant", "house"],
  ["apartment", undefined, "Les Chalets, T2 avec balcon", "apartment"],
  ["apartment", undefined, "Maisonnette sur le toit", "apartment"],
];

describe("the grouping type of classifieds stored before it was read", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  const read = () =>
    database.db
      .select({ propertyType: classifieds.propertyType, floor: classifieds.floor, title: classifieds.title, groupingType: classifieds.groupingType })
      .from(classifieds)
      .orderBy(classifieds.sourceUrl);

  it("is read by the migration as the ingest reads it", async () => {
    const listings = LISTED.map(([type, floor, title], index) =>
      observation({ source: { domain: "seloger.com", url: `https://www.seloger.com/annonces/${9_300_000 + index}.htm` }, title, property: { type, floor } }),
    );
    expect((await ingest(database.db, listings)).rejects).toEqual([]);
    const ingested = await read();
    expect(ingested.map((row) => row.groupingType)).toEqual(LISTED.map(([, , , groupingType]) => groupingType));
    for (const row of ingested) expect(row.groupingType).toBe(groupingTypeOf(row.propertyType, row.floor, row.title));

    await database.db.execute(sql`update classifieds set grouping_type = 'unread'`);
    await database.db.execute(sql.raw(FROM_FLOOR));
    await database.db.execute(sql.raw(FROM_TITLE));
    expect(await read()).toEqual(ingested);
  });
});
