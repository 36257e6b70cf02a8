import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { classifieds } from "../../src/db/schema/index.js";
import { condominiumCharges, condominiumLots } from "../../src/domain/grouping/condominium.js";
import { observation } from "../factories/observations.js";
import { createTestDatabase, type TestDatabase } from "../support/database.js";
import { migrationStatement } from "../support/migration-sql.js";
import { ingest } from "./ingest.helpers.js";

/**
 * The migrations that added `condominium_lots` and `condominium_charges` read them, for the classifieds stored
 * before, from their texts in SQL: they must read what the ingest reads for new ones (grouping/condominium.ts).
 */
const BACKFILLS = [migrationStatement("0020_condominium_lots.sql", "UPDATE"), migrationStatement("0021_condominium_charges.sql", "UPDATE")];

const TEXTS: ReadonlyArray<[string | undefined, string | undefined]> = [
  ["Appartement T3", "Copropriété de 45 lots, charges annuelles : 1 560 €."],
  ["Studio - copropriété 8 lots", "Studio lumineux proche du métro. Charges de copro 130 €/mois."],
  ["T2", "Bien en copropriété (12 lots principaux). Charges courantes 1\u202f800\u00a0€/an. Pas de procédure en cours."],
  ["T4", "COPROPRIETE DE 230 LOTS. CHARGES : 2.150 EUROS PAR AN."],
  ["T4", "Nombre de lots : 38 - Charges : 95,50 €/mois"],
  ["T5", "Nb de lots de la copropriété: 120. Quote-part annuelle de charges : 3 400 €"],
  ["T5", "Grande résidence de 1 200 lots avec gardien, charges 12 €/an."],
  ["T3", "Résidence de 1\u00a0200 lots."],
  ["Lot C509", "Appartement du programme, livraison 2028. Honoraires à la charge du vendeur."],
  ["T1", "Vendu en 1 lot avec la cave. Copropriété de 9 lots."],
  ["T3", "Parking: 2,5 lots de terrain"],
  ["T2", undefined],
  ["Charges 900 €/an", "Copropriété de 20 lots, charges 1 000 €/an."],
];

describe("the copropriété figures of classifieds stored before they were read", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  const read = () =>
    database.db
      .select({
        title: classifieds.title,
        description: classifieds.description,
        transactionType: classifieds.transactionType,
        lots: classifieds.condominiumLots,
        charges: classifieds.condominiumCharges,
      })
      .from(classifieds);
  const expected = (row: Awaited<ReturnType<typeof read>>[number]) => ({
    lots: condominiumLots(row.title, row.description),
    charges: row.transactionType === "sale" ? condominiumCharges(row.title, row.description) : null,
  });

  it("are read by the migrations as the ingest reads them", async () => {
    for (const backfill of BACKFILLS) expect(backfill).toContain("UPDATE");
    const listings = TEXTS.map(([title, description], index) =>
      observation({ source: { domain: "seloger.com", url: `https://www.seloger.com/annonces/${9_100_000 + index}.htm` }, title, description }),
    );
    const rental = observation({
      source: { domain: "seloger.com", url: "https://www.seloger.com/annonces/9199999.htm" },
      description: "Copropriété de 30 lots. Loyer 900 € + charges 80 €/mois.",
      transaction: { type: "rent", price: 980 },
    });
    const { rejects } = await ingest(database.db, [...listings, rental]);
    expect(rejects).toEqual([]);
    const ingested = await read();
    expect(ingested).toHaveLength(TEXTS.length + 1);
    for (const row of ingested) expect({ lots: row.lots, charges: row.charges }, `${row.title} ${row.description}`).toEqual(expected(row));
    expect(ingested.filter((row) => row.lots !== null)).toHaveLength(11);
    expect(
      ingested
        .filter((row) => row.charges !== null)
        .map((row) => row.charges)
        .sort(),
    ).toEqual([1146, 1560, 1560, 1800, 2150, 3400, 900].sort());

    await database.db.execute(sql`update classifieds set condominium_lots = null, condominium_charges = null`);
    for (const backfill of BACKFILLS) await database.db.execute(sql.raw(backfill));
    for (const row of await read()) expect({ lots: row.lots, charges: row.charges }, `${row.title} ${row.description}`).toEqual(expected(row));
  });
});
