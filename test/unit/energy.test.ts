import { describe, expect, it } from "vitest";
import { normaliseEnergyLabel } from "../../src/domain/energy.js";

describe("normaliseEnergyLabel", () => {
  it.each([
    // [raw, expected]
    ["D", "d"],
    ["d", "d"],
    [" d ", "d"],
    ["A", "a"],
    ["g", "g"],
    ["DPE D", "d"],
    ["DPE : D", "d"],
    ["dpe:e", "e"],
    ["GES - B", "b"],
    ["Classe énergie D", "d"],
    ["Classe energie : C", "c"],
    ["Étiquette énergétique F", "f"],
    ["Classe climat E", "e"],
    ["D (245 kWh/m².an)", "d"],
    ["E - 320 kWh", "e"],
    ["c*", "c"],
  ])("%j -> %s", (raw, expected) => {
    expect(normaliseEnergyLabel(raw)).toBe(expected);
  });

  it.each([
    [""],
    ["   "],
    ["H"],
    ["h"],
    ["NC"],
    ["N/C"],
    ["Non communiqué"],
    ["Vierge"],
    ["En cours"],
    ["DPE"],
    ["DPE vierge"],
    ["Diagnostic non requis"],
    ["AB"],
    ["245"],
    [null],
    [undefined],
    [4],
    [{ label: "d" }],
    [["d"]],
  ])("rejects %j", (raw) => {
    expect(normaliseEnergyLabel(raw)).toBeNull();
  });
});
