import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { classifieds } from "../../src/db/schema/index.js";
import { statedFloor } from "../../src/domain/grouping/stated-floor.js";
import { observation } from "../factories/observations.js";
import { createTestDatabase, type TestDatabase } from "../support/database.js";
import { migrationStatement } from "../support/migration-sql.js";
import { ingest } from "./ingest.helpers.js";

/**
 * The migration that added `stated_floor` reads it, for the flats stored before, from their texts in SQL: it must
 * read what the ingest reads for new ones (grouping/stated-floor.ts).
 */
const BACKFILL = migrationStatement("0025_stated_floor.sql", "UPDATE");

const TEXTS: ReadonlyArray<[string | undefined, string | undefined]> = [
  ["Appartement T1", "Studio T1 de 17,2 m² situé au 3e étage sur 6 avec ascenseur."],
  ["T3", "Appartement au 5ème étage, vue dégagée."],
  ["T2", "Bel appartement au 1er\u00a0étage d'une copropriété calme."],
  ["T2", "T2 situé au 12 ème étage avec ascenseur."],
  ["T4", "Au 4e et dernier étage, sans vis-à-vis."],
  ["T3", "Situé au premier étage d'un immeuble ancien."],
  ["T3", "SITUÉ AU DEUXIÈME ÉTAGE, PREMIÈRE VISITE SAMEDI."],
  ["T2", "Au seconde étage, sur cour."],
  ["T2", "T2 au dixième étage, vue dégagée."],
  ["T3", "T3 en rez-de-jardin."],
  ["A403", "T2 de 43,53 m² au 4E ÉTAGE avec balcon."],
  ["T3", "T3 situé au rez-de-chaussée sur jardin."],
  ["T2", "Appartement en RDC avec terrasse."],
  ["Appartement 2e étage", "Situé au 3e étage."],
  ["T3", "Au rez-de-chaussée, le séjour ; au 1er étage, deux chambres."],
  ["T4", "Appartement dans un immeuble de 5 étages avec ascenseur."],
  ["T4", "Appartement au dernier étage."],
  ["Lot 123e étage", undefined],
  ["T2", undefined],
];

describe("the floor of flats stored before it was read from their texts", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  const read = () =>
    database.db
      .select({ title: classifieds.title, description: classifieds.description, propertyType: classifieds.propertyType, floor: classifieds.statedFloor })
      .from(classifieds);
  const expected = (row: Awaited<ReturnType<typeof read>>[number]) => (row.propertyType === "apartment" ? statedFloor(row.title, row.description) : null);

  it("is read by the migration as the ingest reads it", async () => {
    expect(BACKFILL).toContain("UPDATE");
    const flats = TEXTS.map(([title, description], index) =>
      observation({ source: { domain: "seloger.com", url: `https://www.seloger.com/annonces/${9_200_000 + index}.htm` }, title, description }),
    );
    const house = observation({
      source: { domain: "seloger.com", url: "https://www.seloger.com/annonces/9299999.htm" },
      description: "Maison : au rez-de-chaussée, le séjour ; au 1er étage, trois chambres.",
      property: { type: "house" },
    });
    const { rejects } = await ingest(database.db, [...flats, house]);
    expect(rejects).toEqual([]);
    const ingested = await read();
    expect(ingested).toHaveLength(TEXTS.length + 1);
    for (const row of ingested) expect(row.floor, `${row.title} ${row.description}`).toBe(expected(row));
    expect(
      ingested
        .map((row) => row.floor)
        .filter((floor) => floor !== null)
        .sort(),
    ).toEqual([0, 0, 0, 0, 1, 1, 10, 12, 2, 2, 2, 3, 4, 4, 5].sort());

    await database.db.execute(sql`update classifieds set stated_floor = null`);
    await database.db.execute(sql.raw(BACKFILL));
    for (const row of await read()) expect(row.floor, `${row.title} ${row.description}`).toBe(expected(row));
  });
});
