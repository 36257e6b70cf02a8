import { describe, expect, it } from "vitest";
import { statedFloor } from "../../src/domain/grouping/stated-floor.js";

describe("the floor an advert states", () => {
  it("reads an ordinal floor as adverts write it", () => {
    expect(statedFloor(null, "Studio T1 de 17,2 m² situé au 3e étage sur 6 avec ascenseur.")).toBe(3);
    expect(statedFloor(null, "Appartement au 5ème étage, vue dégagée.")).toBe(5);
    expect(statedFloor(null, "Bel appartement au 1er étage d'une copropriété calme.")).toBe(1);
    expect(statedFloor(null, "T2 situé au 12 ème étage avec ascenseur.")).toBe(12);
    expect(statedFloor(null, "Au 4e et dernier étage, sans vis-à-vis.")).toBe(4);
    expect(statedFloor(null, "Situé au premier étage d'un immeuble ancien.")).toBe(1);
    expect(statedFloor(null, "A403 : T2 de 43,53 m² au 4E ÉTAGE avec balcon.")).toBe(4);
  });

  it("reads a floor written in words", () => {
    expect(statedFloor(null, "Appartement au deuxième étage avec ascenseur.")).toBe(2);
    expect(statedFloor(null, "Au second étage, sur cour.")).toBe(2);
    expect(statedFloor(null, "Au Troisième et dernier étage.")).toBe(3);
    expect(statedFloor(null, "T2 au dixième étage, vue dégagée.")).toBe(10);
  });

  it("reads the ground floor", () => {
    expect(statedFloor(null, "T3 situé au rez-de-chaussée sur jardin.")).toBe(0);
    expect(statedFloor(null, "Appartement en RDC avec terrasse.")).toBe(0);
    expect(statedFloor(null, "T3 en rez-de-jardin.")).toBe(0);
  });

  it("takes the first floor the texts give, the title first", () => {
    expect(statedFloor("Appartement 2e étage", "Situé au 3e étage.")).toBe(2);
    expect(statedFloor("Appartement T3", "Au rez-de-chaussée, le séjour ; au 1er étage, deux chambres.")).toBe(0);
  });

  it("gives null when no text states the flat's floor", () => {
    expect(statedFloor(null, null)).toBeNull();
    expect(statedFloor(null, "Appartement dans un immeuble de 5 étages avec ascenseur.")).toBeNull();
    expect(statedFloor(null, "Appartement au dernier étage.")).toBeNull();
    expect(statedFloor(null, "Parking au 2e sous-sol.")).toBeNull();
    expect(statedFloor(null, "Lot 123e étage")).toBeNull(); // three digits are a lot's number, not a floor
  });
});
