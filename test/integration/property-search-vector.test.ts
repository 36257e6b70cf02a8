import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../src/db/result-rows.js";
import { observation, revise } from "../factories/observations.js";
import { createTestDatabase, type TestDatabase } from "../support/database.js";
import { classifiedOf, ingest, propertyById } from "./ingest.helpers.js";

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

/** Properties whose stored full-text vector is not the one of their text. */
async function staleVectors(): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await database.db.execute(sql`select count(*)::int as n from properties where search_vector is distinct from to_tsvector('french_unaccent', search_text)`),
  );
  return row?.n ?? -1;
}

async function knownWord(word: string): Promise<boolean> {
  return rowsOf(await database.db.execute(sql`select 1 from search_lexemes where lexeme = ${word}`)).length > 0;
}

describe("a property's full-text vector through its writes", () => {
  it("is written with a new property, kept through a price change, and follows a new text, in one batch or across batches", async () => {
    const first = observation({ description: "Maison avec jardin arboré, proche des écoles et des commerces du quartier." });
    const second = observation({ description: "Loft lumineux sous verrière, ancien atelier d'artiste réhabilité avec goût." });
    await ingest(database.db, [first, second]);
    expect(await staleVectors()).toBe(0);

    // A price change rewrites the property (its price) with the same text; a new description changes the text.
    const cheaper = revise(first, { observedAt: "2026-11-21T08:00:00Z", transaction: { price: 310_000 } });
    const rewritten = revise(second, {
      observedAt: "2026-11-21T08:00:00Z",
      description: "Loft lumineux sous verrière, ancien atelier d'artiste, avec mezzanine et patio pavé.",
    });
    const third = observation({ description: "Studio meublé en rez-de-chaussée sur cour, idéal pour un premier achat." });
    await ingest(database.db, [cheaper, rewritten, third]);

    expect((await propertyById(database.db, (await classifiedOf(database.db, first)).propertyId)).priceCurrent).toBe(310_000);
    expect(await staleVectors()).toBe(0);
    expect(await knownWord("mezzanin")).toBe(true); // the updated text's words reach the search vocabulary
    expect(await knownWord("verrier")).toBe(true);
    expect(await knownWord("meubl")).toBe(true); // and the new property's
  });
});
