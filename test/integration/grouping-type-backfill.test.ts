import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { classifieds } from "../../src/db/schema/index.js";
import { groupingTypeOf } from "../../src/domain/grouping/grouping-type.js";
import { observation } from "../factories/observations.js";
import { createTestDatabase, type TestDatabase } from "../support/database.js";
import { migrationStatement } from "../support/migration-sql.js";
import { ingest } from "./ingest.helpers.js";

/**
 * The migration that added `grouping_type` reads it, for the classifieds stored before, in SQL: it must read what
 * the ingest reads for new ones (grouping/grouping-type.ts).
 */
const BACKFILL = migrationStatement("0026_grouping_type.sql", "UPDATE");

const LISTED: ReadonlyArray<[string, number | undefined]> = [
  ["apartment", 3],
  ["apartment", undefined],
  ["house", 0],
  ["house", 2],
  ["house", undefined],
  ["parking", 1],
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
      .select({ propertyType: classifieds.propertyType, floor: classifieds.floor, groupingType: classifieds.groupingType })
      .from(classifieds)
      .orderBy(classifieds.sourceUrl);

  it("is read by the migration as the ingest reads it", async () => {
    const listings = LISTED.map(([type, floor], index) =>
      observation({ source: { domain: "seloger.com", url: `https://www.seloger.com/annonces/${9_300_000 + index}.htm` }, property: { type, floor } }),
    );
    expect((await ingest(database.db, listings)).rejects).toEqual([]);
    const ingested = await read();
    expect(ingested.map((row) => row.groupingType)).toEqual(["apartment", "apartment", "house", "apartment", "house", "parking"]);
    for (const row of ingested) expect(row.groupingType).toBe(groupingTypeOf(row.propertyType, row.floor));

    await database.db.execute(sql`update classifieds set grouping_type = 'unread'`);
    await database.db.execute(sql.raw(BACKFILL));
    expect(await read()).toEqual(ingested);
  });
});
