import { describe, expect, it } from "vitest";
import { isWithinContract, validateContract, type Contract, type ContractItem } from "../../src/domain/contract.js";

const SIREN_A = "552100554";
const SIRET_A1 = "55210055400013";
const SIREN_B = "732829320";
const SIRET_B1 = "73282932000074";
const SIREN_C = "443061841";
const SIRET_C1 = "44306184100047";

const contract = (partial: Partial<Contract>): Contract => ({
  allDepartments: false,
  departments: [],
  sirens: [],
  sirets: [],
  ...partial,
});
const item = (department: string, siren: string | null = null, siret: string | null = null): ContractItem => ({
  department,
  siren,
  siret,
});

describe("isWithinContract", () => {
  it.each<[string, Contract, ContractItem, boolean]>([
    // Departments only.
    ["all departments, any item", contract({ allDepartments: true }), item("75"), true],
    ["all departments, overseas", contract({ allDepartments: true }), item("976"), true],
    ["all departments, item without publisher", contract({ allDepartments: true }), item("2A", null, null), true],
    ["listed department", contract({ departments: ["69", "75"] }), item("75"), true],
    ["unlisted department", contract({ departments: ["69", "75"] }), item("92"), false],
    ["empty contract grants nothing", contract({}), item("75", SIREN_A, SIRET_A1), false],
    ["Corsica: 2A does not cover 2B", contract({ departments: ["2A"] }), item("2B"), false],
    ["codes compare exactly: 2a is not 2A", contract({ departments: ["2A"] }), item("2a"), false],
    ["codes compare exactly: 1 is not 01", contract({ departments: ["01"] }), item("1"), false],
    ["prefix is not a match: 97 vs 971", contract({ departments: ["97"] }), item("971"), false],
    ["no substring match: 7 in 75", contract({ departments: ["7"] }), item("75"), false],
    // SIREN list restricts.
    ["SIREN listed, department covered", contract({ allDepartments: true, sirens: [SIREN_A] }), item("75", SIREN_A, SIRET_A1), true],
    ["SIREN listed, department not covered", contract({ departments: ["69"], sirens: [SIREN_A] }), item("75", SIREN_A, SIRET_A1), false],
    ["SIREN not listed", contract({ allDepartments: true, sirens: [SIREN_A] }), item("75", SIREN_B, SIRET_B1), false],
    ["SIREN list, item has no publisher", contract({ allDepartments: true, sirens: [SIREN_A] }), item("75", null, null), false],
    ["SIREN list, item has only a SIRET of that SIREN", contract({ allDepartments: true, sirens: [SIREN_A] }), item("75", null, SIRET_A1), false],
    // SIRET list restricts.
    ["SIRET listed", contract({ allDepartments: true, sirets: [SIRET_B1] }), item("75", SIREN_B, SIRET_B1), true],
    ["SIRET listed, item has no SIREN", contract({ allDepartments: true, sirets: [SIRET_B1] }), item("75", null, SIRET_B1), true],
    ["other establishment of a listed SIRET's company", contract({ allDepartments: true, sirets: [SIRET_B1] }), item("75", SIREN_B, "73282932000058"), false],
    ["SIRET list, item has only the SIREN", contract({ allDepartments: true, sirets: [SIRET_B1] }), item("75", SIREN_B, null), false],
    ["SIRET listed, department not covered", contract({ departments: ["13"], sirets: [SIRET_B1] }), item("75", SIREN_B, SIRET_B1), false],
    // Both lists: either one admits.
    ["both lists, SIREN matches", contract({ allDepartments: true, sirens: [SIREN_A], sirets: [SIRET_B1] }), item("75", SIREN_A, SIRET_A1), true],
    ["both lists, SIRET matches", contract({ allDepartments: true, sirens: [SIREN_A], sirets: [SIRET_B1] }), item("75", SIREN_B, SIRET_B1), true],
    ["both lists, neither matches", contract({ allDepartments: true, sirens: [SIREN_A], sirets: [SIRET_B1] }), item("75", SIREN_C, SIRET_C1), false],
    ["both lists, neither matches, no publisher", contract({ allDepartments: true, sirens: [SIREN_A], sirets: [SIRET_B1] }), item("75", null, null), false],
    [
      "both lists, match but department not covered",
      contract({ departments: ["69"], sirens: [SIREN_A], sirets: [SIRET_B1] }),
      item("75", SIREN_A, SIRET_B1),
      false,
    ],
    // Lists of publishers never widen a department limit.
    ["SIREN listed cannot open a department", contract({ departments: [], sirens: [SIREN_A] }), item("75", SIREN_A, SIRET_A1), false],
  ])("%s", (_case, given, candidate, expected) => {
    expect(isWithinContract(given, candidate)).toBe(expected);
  });
});

describe("validateContract: accepted", () => {
  it.each<[string, Parameters<typeof validateContract>[0], Contract]>([
    ["all departments", { allDepartments: true }, contract({ allDepartments: true })],
    ["department codes normalised", { departments: ["1", "2a", " 75 ", "971"] }, contract({ departments: ["01", "2A", "75", "971"] })],
    [
      "official order and duplicates removed",
      { departments: ["971", "75", "2B", "2A", "01", "75", "2b"] },
      contract({ departments: ["01", "2A", "2B", "75", "971"] }),
    ],
    ["departments as text", { departments: "75, 92;93 2a\n69" }, contract({ departments: ["2A", "69", "75", "92", "93"] })],
    [
      "SIRENs with separators",
      { allDepartments: true, sirens: ["732 829 320", "552.100.554", "552100554"] },
      contract({ allDepartments: true, sirens: [SIREN_A, SIREN_B] }),
    ],
    [
      "SIRENs as text keep inner spaces",
      { allDepartments: true, sirens: "552 100 554, 732 829 320" },
      contract({ allDepartments: true, sirens: [SIREN_A, SIREN_B] }),
    ],
    [
      "SIRETs",
      { departments: ["75"], sirets: ["732 829 320 00074", "35600000049837"] },
      contract({ departments: ["75"], sirets: ["35600000049837", SIRET_B1] }),
    ],
    ["empty lists and blanks ignored", { departments: ["75", "", "  "], sirens: [], sirets: "" }, contract({ departments: ["75"] })],
    ["nothing granted (data access not configured)", {}, contract({})],
  ])("%s", (_case, input, expected) => {
    expect(validateContract(input)).toEqual({ ok: true, contract: expected });
  });
});

describe("validateContract: refused", () => {
  it.each<[string, Parameters<typeof validateContract>[0], string[]]>([
    ["unknown department 20", { departments: ["20"] }, ['"20" is not a valid department']],
    [
      "unknown departments, all reported",
      { departments: ["75", "96", "2C", "abc"] },
      ['"96" is not a valid department', '"2C" is not a valid department', '"abc" is not a valid department'],
    ],
    ["three-digit metropolitan code", { departments: ["075"] }, ['"075" is not a valid department']],
    [
      "all departments plus a list",
      { allDepartments: true, departments: ["75"] },
      ["allDepartments cannot be combined with a list of departments: give one or the other"],
    ],
    ["bad SIREN check digit", { allDepartments: true, sirens: ["552100555"] }, ['"552100555" is not a valid SIREN']],
    ["SIRET given as SIREN", { allDepartments: true, sirens: [SIRET_A1] }, [`"${SIRET_A1}" is not a valid SIREN`]],
    ["SIREN given as SIRET", { allDepartments: true, sirets: [SIREN_A] }, [`"${SIREN_A}" is not a valid SIRET`]],
    ["bad SIRET", { allDepartments: true, sirets: ["73282932000075"] }, ['"73282932000075" is not a valid SIRET']],
    ["SQL-looking entry", { departments: ["75'); drop table accounts; --"] }, ['"75\'); drop table accounts; --" is not a valid department']],
    ["quote in a SIREN list", { allDepartments: true, sirens: ['552100554"'] }, ['"552100554\\"" is not a valid SIREN']],
    [
      "every kind of error at once",
      { allDepartments: true, departments: ["99"], sirens: ["1"], sirets: ["2"] },
      [
        "allDepartments cannot be combined with a list of departments: give one or the other",
        '"99" is not a valid department',
        '"1" is not a valid SIREN',
        '"2" is not a valid SIRET',
      ],
    ],
  ])("%s", (_case, input, errors) => {
    expect(validateContract(input)).toEqual({ ok: false, errors });
  });
});

describe("validateContract and isWithinContract together", () => {
  it("a normalised contract admits items carrying official codes", () => {
    const result = validateContract({ departments: "2a, 1", sirets: "732 829 320 00074" });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(isWithinContract(result.contract, item("2A", SIREN_B, SIRET_B1))).toBe(true);
    expect(isWithinContract(result.contract, item("01", SIREN_B, SIRET_B1))).toBe(true);
    expect(isWithinContract(result.contract, item("2B", SIREN_B, SIRET_B1))).toBe(false);
    expect(isWithinContract(result.contract, item("2A", SIREN_A, SIRET_A1))).toBe(false);
  });
});
