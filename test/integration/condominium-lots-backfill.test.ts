import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { classifieds } from "../../src/db/schema/index.js";
import { condominiumLots } from "../../src/domain/grouping/condominium-lots.js";
import { observation } from "../factories/observations.js";
import { createTestDatabase, type TestDatabase } from "../support/database.js";
import { ingest } from "./ingest.helpers.js";

/**
 * The migration that added `condominium_lots` reads it, for the classifieds stored before, from their texts in
 * SQL: it must read what the ingest reads for new ones (src/domain/grouping/condominium-lots.ts).
 */
const MIGRATION = path.join(import.meta.dirname, "../../drizzle/0020_condominium_lots.sql");
const backfill = readFileSync(MIGRATION, "utf8").split("--> statement-breakpoint")[1] ?? "";

const TEXTS: ReadonlyArray<[string | undefined, string | undefined]> = [
  ["Appartement T3", "Copropriété de 45 lots, charges annuelles : 1 560 €."],
  ["Studio - copropriété 8 lots", "Studio lumineux proche du métro."],
  ["T2", "Bien en copropriété (12 lots principaux). Pas de procédure en cours."],
  ["T4", "COPROPRIETE DE 230 LOTS. Charges courantes 1 800 €/an."],
  ["T4", "Nombre de lots : 38 - Charges : 95 €/mois"],
  ["T5", "Nb de lots de la copropriété: 120"],
  ["T5", "Grande résidence de 1 200 lots avec gardien."],
  ["T3", "Résidence de 1\u00a0200 lots."],
  ["Lot C509", "Appartement du programme, livraison 2028."],
  ["T1", "Vendu en 1 lot avec la cave. Copropriété de 9 lots."],
  ["T3", "Parking: 2,5 lots de terrain"],
  ["T2", undefined],
];

describe("the number of lots of classifieds stored before it was read", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it("is read by the migration as the ingest reads it", async () => {
    expect(backfill).toContain("UPDATE");
    const listings = TEXTS.map(([title, description], index) =>
      observation({ source: { domain: "seloger.com", url: `https://www.seloger.com/annonces/${9_100_000 + index}.htm` }, title, description }),
    );
    const { rejects } = await ingest(database.db, listings);
    expect(rejects).toEqual([]);
    const ingested = await database.db
      .select({ title: classifieds.title, description: classifieds.description, lots: classifieds.condominiumLots })
      .from(classifieds);
    expect(ingested).toHaveLength(TEXTS.length);
    for (const row of ingested) expect(row.lots, `${row.title} ${row.description}`).toBe(condominiumLots(row.title, row.description));
    expect(ingested.filter((row) => row.lots !== null)).toHaveLength(9);

    await database.db.execute(sql`update classifieds set condominium_lots = null`);
    await database.db.execute(sql.raw(backfill));
    const migrated = await database.db
      .select({ title: classifieds.title, description: classifieds.description, lots: classifieds.condominiumLots })
      .from(classifieds);
    for (const row of migrated) expect(row.lots, `${row.title} ${row.description}`).toBe(condominiumLots(row.title, row.description));
  });
});
