import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { searchProperties } from "../../src/modules/search/search.service.js";
import type { PropertySearchFilter } from "../../src/modules/search/search.types.js";
import { rowsOf } from "../../src/db/result-rows.js";
import { takeIngestTurn } from "../../src/modules/ingest/ingest-turn.js";
import { insertSearchFixtures, SEARCH_COMMUNES, searchFixture, type SearchFixture } from "../factories/search-properties.js";
import { EVERYWHERE } from "../factories/viewers.js";
import { createTestDatabase, type TestDatabase } from "../support/database.js";

const paris = SEARCH_COMMUNES[0];
if (!paris) throw new Error("the factory lists communes");

/** Listings written the way portals write them; each test names the ones it expects. */
const TEXTS = {
  gardenPlural: "Maisons, jardins et dépendances",
  gardenSingular: "Belle maison avec jardin arboré",
  summer: "Idéal pour l'été, terrasse plein sud",
  summerNoAccent: "Location saisonniere ete 2025",
  regionHyphen: "Appartement en Île-de-France, proche RER",
  regionSpaced: "Studio Ile de France, quartier calme",
  heart: "Loft au cœur du vieux Lyon",
  shop: "Local commercial, vitrine sur rue",
  parking: "Box fermé en sous-sol",
  station: "Studio près de la station de métro",
  village: "Maison de village à Saubion",
} as const;
type TextKey = keyof typeof TEXTS;

describe("property search: text", () => {
  let database: TestDatabase;
  const idOf = new Map<TextKey, string>();
  const keyOf = new Map<string, TextKey>();

  beforeAll(async () => {
    database = await createTestDatabase();
    const fixtures: SearchFixture[] = [];
    for (const [key, title] of Object.entries(TEXTS) as [TextKey, string][]) {
      const fixture = searchFixture(paris, { title });
      idOf.set(key, fixture.property.id);
      keyOf.set(fixture.property.id, key);
      fixtures.push(fixture);
    }
    await insertSearchFixtures(database.db, fixtures);
  });
  afterAll(async () => {
    await database?.close();
  });

  async function search(searchQuery: string): Promise<string[]> {
    return (await searchProperties(database.db, EVERYWHERE, { searchQuery })).ids;
  }

  async function matches(searchQuery: string, extra: PropertySearchFilter = {}): Promise<TextKey[]> {
    const result = await searchProperties(database.db, EVERYWHERE, { searchQuery, ...extra }, { by: "relevance", order: "desc" }, { offset: 0, limit: 100 });
    expect(result.total).toBe(result.ids.length);
    return result.ids.map((id) => keyOf.get(id) ?? ("unknown" as TextKey)).sort();
  }

  it("matches French word forms in both directions", async () => {
    expect(await matches("maison avec jardin")).toEqual(["gardenPlural", "gardenSingular"]);
    expect(await matches("Maisons, jardins")).toEqual(["gardenPlural", "gardenSingular"]);
  });

  it("ignores accents in the query and in the listing", async () => {
    expect(await matches("éte")).toEqual(["summer", "summerNoAccent"]);
    expect(await matches("ete")).toEqual(["summer", "summerNoAccent"]);
    expect(await matches("ÉTÉ")).toEqual(["summer", "summerNoAccent"]);
    expect(await matches("coeur")).toEqual(["heart"]);
    expect(await matches("cœur")).toEqual(["heart"]);
  });

  it("treats hyphenated and spaced compounds alike", async () => {
    expect(await matches("Ile de France")).toEqual(["regionHyphen", "regionSpaced"]);
    expect(await matches("Île-de-France")).toEqual(["regionHyphen", "regionSpaced"]);
  });

  it("tolerates typos through trigram similarity, under the threshold's control", async () => {
    expect(await matches("jardn")).toEqual(["gardenPlural", "gardenSingular"]);
    expect(await matches("vitrinne")).toEqual(["shop"]);
    expect(await matches("maison avec jardn")).toEqual(["gardenPlural", "gardenSingular"]);
    // Threshold 1 keeps exact word forms only: the typo finds nothing, the plural still finds the singular.
    expect(await matches("jardn", { searchThreshold: 1 })).toEqual([]);
    expect(await matches("jardins", { searchThreshold: 1 })).toEqual(["gardenPlural", "gardenSingular"]);
  });

  it("never adds results when the threshold rises", async () => {
    for (const query of ["maison jardn", "vitrinne", "calm quartie", "sous sol ferme"]) {
      let previous = await matches(query, { searchThreshold: 0 });
      for (const threshold of [0.1, 0.2, 0.3, 0.5, 0.7, 0.9, 1]) {
        const current = await matches(query, { searchThreshold: threshold });
        expect(previous).toEqual(expect.arrayContaining(current));
        previous = current;
      }
    }
  });

  it("matches exactly the listings holding each query word or a word similar enough to it and within its typo budget", async () => {
    const cases = [
      ["maison jardn", 0.2],
      ["box sous sol", 0.4],
      ["quartie calme", 0.3],
      ["rer", 0.3],
      ["vitrinne commerciale", 0.5],
      ["loft lyonn", 0.25],
      ["station", 0.2],
    ] as const;
    for (const [query, threshold] of cases) {
      // Every (property, query lexeme, word of the property) that trigram similarity lets through; the typo
      // budget is then applied here, independently of the search's own code.
      const pairs = rowsOf<{ id: string; lexeme: string; word: string }>(
        await database.db.execute(sql`
        select p.id, q.lexeme, d.word
        from properties p,
          unnest(tsvector_to_array(to_tsvector('french_unaccent', ${query}::text))) as q(lexeme),
          unnest(tsvector_to_array(to_tsvector('french_unaccent', p.search_text))) as d(word)
        where d.word = q.lexeme
           or (length(q.lexeme) >= 4 and q.lexeme !~ '[0-9]' and d.word !~ '[0-9]'
               and similarity(d.word, q.lexeme) >= ${threshold}::float8 and similarity(d.word, q.lexeme) > 0)`),
      );
      const lexemes = rowsOf<{ lexeme: string }>(
        await database.db.execute(sql`select unnest(tsvector_to_array(to_tsvector('french_unaccent', ${query}::text))) as lexeme`),
      ).map((row) => row.lexeme);
      const typos = (lexeme: string) => (lexeme.length < 4 ? 0 : lexeme.length < 6 ? 1 : 2);
      const found = new Map<string, Set<string>>();
      for (const { id, lexeme, word } of pairs) {
        if (word !== lexeme && levenshtein(word, lexeme) > typos(lexeme)) continue;
        found.set(id, (found.get(id) ?? new Set()).add(lexeme));
      }
      const expectedKeys = [...found]
        .filter(([, held]) => lexemes.every((lexeme) => held.has(lexeme)))
        .map(([id]) => keyOf.get(id) ?? "unknown")
        .sort();
      expect(expectedKeys.length).toBeGreaterThan(0);
      expect(await matches(query, { searchThreshold: threshold })).toEqual(expectedKeys);
    }
  });

  it("does not take a word sharing only an ending for a typo", async () => {
    // "station" and "saubion" reach the default trigram threshold (three trigrams of twelve in common).
    expect(await matches("station")).toEqual(["station"]);
    expect(await matches("stattion")).toEqual(["station"]);
  });

  it("picks up the words of new and changed listings at once", async () => {
    const fixture = searchFixture(paris, { title: "Péniche aménagée quai de Saône" });
    await insertSearchFixtures(database.db, [fixture]);
    expect(await search("penich")).toEqual([fixture.property.id]);
    expect(await search("penishe")).toEqual([fixture.property.id]);
    await database.db.execute(sql`update properties set search_text = 'roulotte restauree' where id = ${fixture.property.id}`);
    expect(await search("péniche")).toEqual([]);
    expect(await search("roulote")).toEqual([fixture.property.id]);
    await database.db.execute(sql`delete from classifieds where property_id = ${fixture.property.id}`);
    await database.db.execute(sql`delete from properties where id = ${fixture.property.id}`);
  });

  it("ranks by relevance: exact words before a typo, best first with desc and last with asc", async () => {
    const exact = idOf.get("gardenSingular");
    const best = await searchProperties(database.db, EVERYWHERE, { searchQuery: "maison avec jardin arboré" }, { by: "relevance", order: "desc" });
    expect(best.ids[0]).toBe(exact);
    const worst = await searchProperties(database.db, EVERYWHERE, { searchQuery: "maison avec jardin arboré" }, { by: "relevance", order: "asc" });
    expect(worst.ids.at(-1)).toBe(exact);
    expect([...worst.ids].reverse()).toEqual(best.ids);
  });

  it("runs any text without SQL errors, and text without letters or digits does not filter", async () => {
    const odd = [
      "de la",
      "l'été & <maison> | !jardin :*",
      "%_\\'\"();--",
      "o'neil@exemple.fr",
      "c:\\tmp\\x.txt",
      "https://www.exemple.fr/a'b?c=d\\e",
      "a".repeat(400),
      "é".repeat(1_000),
      "\u0000maison",
    ];
    for (const query of odd) await expect(matches(query)).resolves.toBeInstanceOf(Array);
    expect(await matches("\u0000maison")).toEqual(await matches("maison"));
    expect(await matches("de la")).toHaveLength(Object.keys(TEXTS).length);
    // Thresholds outside 0..1 are held to the range rather than sent to PostgreSQL.
    expect(await matches("jardn", { searchThreshold: 7 })).toEqual(await matches("jardn", { searchThreshold: 1 }));
    expect(await matches("jardn", { searchThreshold: -1 })).toEqual(await matches("jardn", { searchThreshold: 0 }));
    expect(await matches(" ?! ")).toHaveLength(Object.keys(TEXTS).length);
    expect(await matches("")).toHaveLength(Object.keys(TEXTS).length);
  });

  it("finds through a word written after the query was first asked, once the write's ingest commits", async () => {
    expect(await search("belvedre")).toEqual([]);
    const written = searchFixture(paris, { title: "Appartement avec belvédère" });
    // Every ingest transaction takes its turn before it writes (ingest-turn.ts).
    await database.db.transaction(async (tx) => {
      await takeIngestTurn(tx);
      await insertSearchFixtures(tx, [written]);
    });
    expect(await search("belvedre")).toEqual([written.property.id]);
    await database.db.transaction(async (tx) => {
      await takeIngestTurn(tx);
      await tx.execute(sql`delete from classifieds where property_id = ${written.property.id}::uuid`);
      await tx.execute(sql`delete from properties where id = ${written.property.id}::uuid`);
    });
    expect(await search("belvedre")).toEqual([]);
  });

  it("combines text with the other filters", async () => {
    const result = await searchProperties(database.db, EVERYWHERE, { searchQuery: "jardin", locationDepartments: ["69"] });
    expect(result).toEqual({ ids: [], total: 0, totalIsExact: true });
  });
});

/** Plain Levenshtein distance, for the expectations. */
function levenshtein(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      current.push(Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1)));
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}
