import { describe, expect, it } from "vitest";
import { differentLots, statedLot } from "../../src/domain/grouping/stated-lot.js";

describe("the lot an advert names", () => {
  it("reads a programme's lot as adverts write it", () => {
    expect(statedLot("Néo Côté Parc - Appartement T2 - Lot B306", null)).toBe("B306");
    expect(statedLot(null, "APPARTEMENT 2 PIÈCES - LOT B306 - 41,63 m² habitables.")).toBe("B306");
    expect(statedLot(null, "Appartement neuf, lot n°12, livraison 2027.")).toBe("12");
    expect(statedLot(null, "Lot n° A-012 : T3 de 64 m² avec balcon.")).toBe("A12");
    expect(statedLot(null, "Lot\u00a0C007 : T2 de 41 m²")).toBe("C7");
    expect(statedLot(null, "Terrain à bâtir, lot 5 du lotissement Les Chênes.")).toBe("5");
  });

  it("takes the first lot the texts name, the title first", () => {
    expect(statedLot("Appartement T3 - Lot A407", "LOT A407 - 68 m², parking lot P12")).toBe("A407");
    expect(statedLot("Appartement T3", "Lot B12, avec le lot B13 en option")).toBe("B12");
  });

  it("gives null where no text names a lot", () => {
    expect(statedLot(null, null)).toBeNull();
    expect(statedLot(null, "Copropriété de 45 lots, charges courantes 1 200 €/an.")).toBeNull();
    expect(statedLot(null, "Maison dans un lotissement calme de 12 maisons.")).toBeNull();
    expect(statedLot(null, "Vendu avec un lot de 2 parkings.")).toBeNull();
    expect(statedLot(null, "Appartement sur l'îlot 3 du quartier.")).toBeNull();
    expect(statedLot(null, "Honoraires à la charge du vendeur. Réf. LOT4521.")).toBeNull();
  });
});

describe("two lots", () => {
  it("are two when their numbers differ, or letters both give", () => {
    expect(differentLots("B306", "C301")).toBe(true);
    expect(differentLots("B306", "C306")).toBe(true);
    expect(differentLots("12", "13")).toBe(true);
    expect(differentLots("A12B", "A12C")).toBe(true);
  });

  it("may be one when one portal leaves out the building's letter", () => {
    expect(differentLots("B306", "B306")).toBe(false);
    expect(differentLots("B306", "306")).toBe(false);
    expect(differentLots("12", "12A")).toBe(false);
  });
});
