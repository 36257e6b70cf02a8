import { describe, expect, it } from "vitest";
import { buildTextQuery, MAX_SIMILAR_WORDS, normaliseSearchQuery, standInsOf, tsqueryLexeme, typoBudget } from "../../src/modules/search/search-text.js";

describe("search query normalisation", () => {
  it("lower-cases, removes accents and ligatures, collapses spaces", () => {
    expect(normaliseSearchQuery("  Été à  l'Île-de-France,\tCŒUR  ")).toBe("ete a l'ile-de-france, coeur");
    expect(normaliseSearchQuery("Ægir")).toBe("aegir");
  });

  it("has nothing to search without a letter or digit", () => {
    expect(normaliseSearchQuery(undefined)).toBeNull();
    expect(normaliseSearchQuery("")).toBeNull();
    expect(normaliseSearchQuery(" !? -- ")).toBeNull();
    expect(normaliseSearchQuery("\u0000")).toBeNull();
    expect(normaliseSearchQuery("75011")).toBe("75011");
  });

  it("cuts at 400 characters and drops NUL", () => {
    expect(normaliseSearchQuery("a".repeat(500))).toHaveLength(400);
    expect(normaliseSearchQuery("mai\u0000son")).toBe("mai son");
  });
});

describe("tsquery building", () => {
  it("quotes lexemes literally", () => {
    expect(tsqueryLexeme("jardin")).toBe("'jardin'");
    expect(tsqueryLexeme("o'neil")).toBe("'o''neil'");
    expect(tsqueryLexeme("a\\b")).toBe("'a\\\\b'");
  });

  it("asks for every lexeme, each as typed or through one of its stand-ins", () => {
    expect(buildTextQuery([])).toBeNull();
    expect(
      buildTextQuery([
        { lexeme: "jardn", similar: ["jardin", "jardini"] },
        { lexeme: "maison", similar: [] },
      ]),
    ).toEqual({ exactForm: "'jardn' & 'maison'", anyForm: "('jardn' | 'jardin' | 'jardini') & 'maison'" });
  });
});

describe("typo stand-ins", () => {
  it("allows no typo below four letters, one up to five, two from six", () => {
    expect([typoBudget("rer"), typoBudget("plac"), typoBudget("jardn"), typoBudget("station")]).toEqual([0, 1, 1, 2]);
  });

  it("keeps the similar words within the budget, closest first, and never the lexeme itself", () => {
    expect(standInsOf("station", ["station", "stations", "stain", "saubion", "stattmatten", "haution", "sion"])).toEqual(["stations", "stain"]);
    expect(standInsOf("plac", ["placy", "pla", "placey", "plazac", "plan"])).toEqual(["placy", "pla", "plan"]);
    expect(standInsOf("rer", ["rere", "ter"])).toEqual([]);
  });

  it("keeps at most MAX_SIMILAR_WORDS", () => {
    const close = Array.from({ length: 20 }, (_, index) => `jardin${String.fromCharCode(97 + index)}`);
    expect(standInsOf("jardin", close)).toEqual(close.slice(0, MAX_SIMILAR_WORDS));
  });
});
