import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { classifieds } from "../../src/db/schema/index.js";
import { statedLot } from "../../src/domain/grouping/stated-lot.js";
import { observation } from "../factories/observations.js";
import { createTestDatabase, type TestDatabase } from "../support/database.js";
import { migrationStatement } from "../support/migration-sql.js";
import { ingest } from "./ingest.helpers.js";

/**
 * The migration that added `stated_lot` reads it, for the classifieds stored before, from their texts in SQL: it
 * must read what the ingest reads for new ones (grouping/stated-lot.ts).
 */
const BACKFILL = migrationStatement("0027_stated_lot.sql", "UPDATE");

const TEXTS: ReadonlyArray<[string | undefined, string | undefined]> = [
  ["Néo Côté Parc - Appartement T2 - Lot B306", "APPARTEMENT 2 PIÈCES - LOT B306 - 41,63 m² habitables."],
  ["Appartement T3", "Appartement neuf, lot n°12, livraison 2027."],
  ["T3", "Lot n° A-012 : T3 de 64 m² avec balcon."],
  ["T2", "Lot\u00a0C007 : T2 de 41 m²"],
  ["Appartement T3 - Lot A407", "LOT A408 - 68 m²"],
  ["T2", "Lot b12, avec le lot B13 en option"],
  ["T4", "Copropriété de 45 lots, charges courantes 1 200 €/an."],
  ["T4", "Maison dans un lotissement calme de 12 maisons."],
  ["T2", "Vendu avec un lot de 2 parkings."],
  ["T2", "Appartement sur l'îlot 3 du quartier."],
  ["Pilot 4", "Slot 7"],
  ["T3", "Honoraires à la charge du vendeur. Réf. LOT4521."],
  ["T3", "Lot n°7, lot N° 8"],
  ["T2", undefined],
];

describe("the lot of classifieds stored before it was read from their texts", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  const read = () => database.db.select({ title: classifieds.title, description: classifieds.description, lot: classifieds.statedLot }).from(classifieds);

  it("is read by the migration as the ingest reads it", async () => {
    expect(BACKFILL).toContain("UPDATE");
    const adverts = TEXTS.map(([title, description], index) =>
      observation({ source: { domain: "seloger.com", url: `https://www.seloger.com/annonces/${9_300_000 + index}.htm` }, title, description }),
    );
    const { rejects } = await ingest(database.db, adverts);
    expect(rejects).toEqual([]);
    const ingested = await read();
    expect(ingested).toHaveLength(TEXTS.length);
    for (const row of ingested) expect(row.lot, `${row.title} ${row.description}`).toBe(statedLot(row.title, row.description));
    expect(
      ingested
        .map((row) => row.lot)
        .filter((lot) => lot !== null)
        .sort(),
    ).toEqual(["12", "7", "A12", "A407", "B12", "B306", "C7"]);

    await database.db.execute(sql`update classifieds set stated_lot = null`);
    await database.db.execute(sql.raw(BACKFILL));
    for (const row of await read()) expect(row.lot, `${row.title} ${row.description}`).toBe(statedLot(row.title, row.description));
  });
});
