import { describe, expect, it } from "vitest";
import { condominiumCharges, condominiumLots } from "../../src/domain/grouping/condominium.js";

describe("condominium lots", () => {
  it("reads the number of lots as adverts write it", () => {
    expect(condominiumLots(null, "Copropriété de 45 lots, charges annuelles : 1 560 €.")).toBe(45);
    expect(condominiumLots("Appartement T3", "Bien en copropriété (12 lots principaux). Pas de procédure en cours.")).toBe(12);
    expect(condominiumLots(null, "COPROPRIETE DE 230 LOTS. Charges courantes 1 800 €/an.")).toBe(230);
    expect(condominiumLots(null, "Nombre de lots : 38 - Charges : 95 €/mois")).toBe(38);
    expect(condominiumLots(null, "Nb de lots de la copropriété: 120")).toBe(120);
    expect(condominiumLots(null, "Grande résidence de 1 200 lots avec gardien.")).toBe(1200);
    expect(condominiumLots(null, "Résidence de 1\u00a0200 lots.")).toBe(1200);
  });

  it("reads the title when the description gives none", () => {
    expect(condominiumLots("Studio - copropriété 8 lots", "Studio lumineux proche du métro.")).toBe(8);
  });

  it("gives null when no text gives a plausible number of lots", () => {
    expect(condominiumLots(null, null)).toBeNull();
    expect(condominiumLots("Appartement 3 pièces", "Lot C509 du programme, livraison 2028.")).toBeNull();
    expect(condominiumLots(null, "Maison individuelle, non soumise au statut de la copropriété.")).toBeNull();
    expect(condominiumLots(null, "Vendu en 1 lot avec la cave.")).toBeNull(); // one lot is no copropriété
    expect(condominiumLots(null, "Parking: 2,5 lots de terrain")).toBeNull(); // a decimal is no count
  });
});

describe("condominium charges", () => {
  it("reads a year's charges, from a yearly or a monthly figure", () => {
    expect(condominiumCharges(null, "Copropriété de 45 lots, charges annuelles : 1 560 €.")).toBe(1560);
    expect(condominiumCharges(null, "Charges de copro 130 €/mois.")).toBe(1560);
    expect(condominiumCharges(null, "Charges courantes 1\u202f800\u00a0€/an.")).toBe(1800);
    expect(condominiumCharges(null, "Charges de copropriété : 1.150 euros par an")).toBe(1150);
    expect(condominiumCharges(null, "Charges : 95,50 €/mois")).toBe(1146);
    expect(condominiumCharges(null, "Quote-part annuelle de charges : 3 400 €")).toBe(3400);
  });

  it("reads the title first, then the description", () => {
    expect(condominiumCharges("T3 - charges 900 €/an", "Charges 1 000 €/an.")).toBe(900);
    expect(condominiumCharges("T3 - charges 12 €/an", "Charges 1 000 €/an.")).toBe(1000); // the title's is no year's charges
  });

  it("gives null when no text gives plausible charges", () => {
    expect(condominiumCharges(null, null)).toBeNull();
    expect(condominiumCharges(null, "Honoraires à la charge du vendeur.")).toBeNull();
    expect(condominiumCharges(null, "Loyer 850 € charges comprises.")).toBeNull();
    expect(condominiumCharges(null, "Taxe foncière 900 €/an, pas de charges.")).toBeNull();
    expect(condominiumCharges(null, "Charges 12 €/an.")).toBeNull();
  });
});
