import { describe, expect, it } from "vitest";
import { isValidSiren, isValidSiret, luhnCheckDigit, normaliseSiren, normaliseSiret, sirenOfSiret } from "../../src/domain/siren.js";

describe("isValidSiren", () => {
  it.each([
    ["732829320", true],
    ["552100554", true],
    ["542065479", true],
    ["443061841", true],
    ["356000000", true], // La Poste
    ["732829321", false], // check digit off by one
    ["732829302", false], // two digits swapped
    ["000000000", false], // passes Luhn, never issued
    ["73282932", false],
    ["7328293200", false],
    ["732 829 320", false], // not normalised
    ["73282932a", false],
    ["", false],
  ])("%j -> %s", (value, expected) => {
    expect(isValidSiren(value)).toBe(expected);
  });
});

describe("isValidSiret", () => {
  it.each([
    ["73282932000074", true],
    ["55210055400013", true],
    ["44306184100047", true],
    ["35600000000048", true], // La Poste head office: passes Luhn
    ["35600000049837", true], // La Poste establishment: fails Luhn, digit sum multiple of 5
    ["35600000049838", false], // La Poste, neither rule
    ["73282932000075", false], // check digit wrong
    ["73282932100074", false], // NIC digit changed
    ["73282933000074", false], // SIREN part invalid
    ["00000000000000", false],
    ["7328293200007", false],
    ["732829320000744", false],
    ["732 829 320 00074", false], // not normalised
    ["", false],
  ])("%j -> %s", (value, expected) => {
    expect(isValidSiret(value)).toBe(expected);
  });

  it("does not extend the La Poste rule to other companies", () => {
    // Digit sum 40 (multiple of 5), fails Luhn, SIREN valid but not La Poste's.
    const siret = "73282932000004";
    expect([...siret].reduce((sum, digit) => sum + Number(digit), 0) % 5).toBe(0);
    expect(isValidSiret(siret)).toBe(false);
  });
});

describe("normaliseSiren", () => {
  it.each([
    ["732829320", "732829320"],
    ["732 829 320", "732829320"],
    [" 732.829.320 ", "732829320"],
    ["732-829-320", "732829320"],
    ["732\u00a0829\u00a0320", "732829320"],
    ["732\u202f829\u202f320", "732829320"],
    [732829320, "732829320"],
    ["732 829 321", null],
    ["RCS Paris 732 829 320", null],
    ["73282932000074", null], // a SIRET is not a SIREN
    ["", null],
    [null, null],
    [undefined, null],
    [7.3e8, null],
    [-732829320, null],
  ])("%j -> %j", (raw, expected) => {
    expect(normaliseSiren(raw)).toBe(expected);
  });
});

describe("normaliseSiret", () => {
  it.each([
    ["73282932000074", "73282932000074"],
    ["732 829 320 00074", "73282932000074"],
    ["732.829.320.00074", "73282932000074"],
    ["732 829 320 000 74", "73282932000074"],
    ["356 000 000 49837", "35600000049837"],
    [73282932000074, "73282932000074"],
    ["732 829 320 00075", null],
    ["732829320", null],
    ["SIRET 732 829 320 00074", null],
    [{}, null],
  ])("%j -> %j", (raw, expected) => {
    expect(normaliseSiret(raw)).toBe(expected);
  });
});

describe("sirenOfSiret", () => {
  it.each([
    ["73282932000074", "732829320"],
    ["732 829 320 00074", "732829320"],
    ["35600000049837", "356000000"],
    ["73282932000075", null],
    ["732829320", null],
  ])("%j -> %j", (siret, expected) => {
    expect(sirenOfSiret(siret)).toBe(expected);
  });
});

describe("luhnCheckDigit", () => {
  it.each([
    ["73282932", 0],
    ["55210055", 4],
    ["44306184", 1],
    ["7328293200007", 4],
    ["5521005540001", 3],
    ["", 0],
  ])("%j -> %d", (digits, expected) => {
    expect(luhnCheckDigit(digits)).toBe(expected);
  });

  it("builds valid SIRENs and SIRETs from any prefix", () => {
    for (let seed = 10_000_000; seed < 10_000_000 + 2_000; seed += 7) {
      const base = String(seed);
      const siren = `${base}${luhnCheckDigit(base)}`;
      expect(isValidSiren(siren)).toBe(true);
      const nicBase = `${siren}${String(seed % 10_000).padStart(4, "0")}`;
      expect(isValidSiret(`${nicBase}${luhnCheckDigit(nicBase)}`)).toBe(true);
    }
  });

  it("throws on non-digits (a programming error)", () => {
    expect(() => luhnCheckDigit("12a")).toThrow(/digits only/);
  });
});
