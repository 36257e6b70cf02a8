import { describe, expect, it } from "vitest";
import { groupingTypeOf } from "../../src/domain/grouping/grouping-type.js";

describe("the property type grouping blocks on", () => {
  it("takes a house on an upper floor for a flat, whatever its title says", () => {
    expect(groupingTypeOf("house", 3, null)).toBe("apartment");
    expect(groupingTypeOf("house", 1, "Maison 4 pièces")).toBe("apartment");
  });

  it("takes the type a title names when it names one and not the other", () => {
    expect(groupingTypeOf("house", null, "Appartement T3 avec balcon")).toBe("apartment");
    expect(groupingTypeOf("house", 0, "STUDIO MEUBLÉ")).toBe("apartment");
    expect(groupingTypeOf("house", null, "Vente duplex 5 pièces")).toBe("apartment");
    expect(groupingTypeOf("apartment", null, "Maison de ville 4 pièces")).toBe("house");
    expect(groupingTypeOf("apartment", 0, "Pavillon avec garage")).toBe("house");
  });

  it("keeps the portal's type otherwise", () => {
    expect(groupingTypeOf("house", 0, null)).toBe("house");
    expect(groupingTypeOf("house", null, "Propriété au calme")).toBe("house");
    expect(groupingTypeOf("apartment", 4, "Maison")).toBe("apartment");
    expect(groupingTypeOf("house", null, "Maison avec studio indépendant")).toBe("house");
    expect(groupingTypeOf("apartment", null, "T2 quartier Les Chalets")).toBe("apartment");
    expect(groupingTypeOf("apartment", null, "Résidence Villa Flora, T3 neuf")).toBe("apartment");
    expect(groupingTypeOf("apartment", null, "Maisonnette sur le toit")).toBe("apartment");
    expect(groupingTypeOf("parking", 2, "Parking proche appartement")).toBe("parking");
  });
});
