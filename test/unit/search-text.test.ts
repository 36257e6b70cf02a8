import { describe, expect, it } from "vitest";
import { buildTextQuery, normaliseSearchQuery, tsqueryLexeme } from "../../src/modules/search/search-text.js";

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
