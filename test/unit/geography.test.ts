import { describe, expect, it } from "vitest";
import {
  departmentOfInsee,
  isKnownDepartment,
  listCommunes,
  listDepartments,
  normaliseDepartmentCode,
  resolveLocation,
  type LocationInput,
} from "../../src/domain/geography.js";

type Expected = { inseeCode: string; cityName: string; postcode: string; department: string };

describe("resolveLocation: accepted inputs", () => {
  it.each<[string, LocationInput, Expected]>([
    // Postcode only.
    ["single commune", { postcode: "38000" }, { inseeCode: "38185", cityName: "Grenoble", postcode: "38000", department: "38" }],
    ["postcode with spaces", { postcode: " 38 000 " }, { inseeCode: "38185", cityName: "Grenoble", postcode: "38000", department: "38" }],
    ["spreadsheet lost the leading zero", { postcode: "1000" }, { inseeCode: "01053", cityName: "Bourg-en-Bresse", postcode: "01000", department: "01" }],
    ["F- prefix", { postcode: "F-44000" }, { inseeCode: "44109", cityName: "Nantes", postcode: "44000", department: "44" }],
    [
      "city name replaced by the official one",
      { postcode: "44000", cityName: "NANTES" },
      { inseeCode: "44109", cityName: "Nantes", postcode: "44000", department: "44" },
    ],
    [
      "single commune, unrelated district name",
      { postcode: "06160", cityName: "Juan-les-Pins" },
      { inseeCode: "06004", cityName: "Antibes", postcode: "06160", department: "06" },
    ],
    // Shared postcodes: the city name decides, else the most populous.
    [
      "shared postcode, no name: most populous",
      { postcode: "01400" },
      { inseeCode: "01093", cityName: "Châtillon-sur-Chalaronne", postcode: "01400", department: "01" },
    ],
    [
      "shared postcode, abbreviated name",
      { postcode: "01400", cityName: "Chatillon s/ Chalaronne" },
      { inseeCode: "01093", cityName: "Châtillon-sur-Chalaronne", postcode: "01400", department: "01" },
    ],
    [
      "shared postcode, St for Saint",
      { postcode: "94100", cityName: "St Maur" },
      { inseeCode: "94068", cityName: "Saint-Maur-des-Fossés", postcode: "94100", department: "94" },
    ],
    [
      "shared postcode, unknown name: most populous",
      { postcode: "01400", cityName: "Lieu-dit Les Granges" },
      { inseeCode: "01093", cityName: "Châtillon-sur-Chalaronne", postcode: "01400", department: "01" },
    ],
    // Paris, Lyon, Marseille: the arrondissement.
    [
      "Paris postcode",
      { postcode: "75011", cityName: "Paris" },
      { inseeCode: "75111", cityName: "Paris 11e Arrondissement", postcode: "75011", department: "75" },
    ],
    ["Paris 16e, second postcode", { postcode: "75116" }, { inseeCode: "75116", cityName: "Paris 16e Arrondissement", postcode: "75116", department: "75" }],
    [
      "Lyon postcode",
      { postcode: "69003", cityName: "LYON 3EME" },
      { inseeCode: "69383", cityName: "Lyon 3e Arrondissement", postcode: "69003", department: "69" },
    ],
    [
      "Marseille postcode",
      { postcode: "13008", cityName: "Marseille" },
      { inseeCode: "13208", cityName: "Marseille 8e Arrondissement", postcode: "13008", department: "13" },
    ],
    [
      "city code refined by postcode",
      { inseeCode: "75056", postcode: "75016" },
      { inseeCode: "75116", cityName: "Paris 16e Arrondissement", postcode: "75016", department: "75" },
    ],
    [
      "city code refined by name",
      { inseeCode: "75056", cityName: "Paris 11ème" },
      { inseeCode: "75111", cityName: "Paris 11e Arrondissement", postcode: "75011", department: "75" },
    ],
    [
      "city code refined by a bare number",
      { inseeCode: "75056", cityName: "PARIS 12" },
      { inseeCode: "75112", cityName: "Paris 12e Arrondissement", postcode: "75012", department: "75" },
    ],
    ["city code alone stays the city", { inseeCode: "75056" }, { inseeCode: "75056", cityName: "Paris", postcode: "75001", department: "75" }],
    [
      "arrondissement code",
      { inseeCode: "69381", postcode: "69001", cityName: "Lyon" },
      { inseeCode: "69381", cityName: "Lyon 1er Arrondissement", postcode: "69001", department: "69" },
    ],
    // INSEE code given.
    [
      "INSEE code alone, several postcodes: the first",
      { inseeCode: "31555" },
      { inseeCode: "31555", cityName: "Toulouse", postcode: "31000", department: "31" },
    ],
    [
      "INSEE code and its postcode",
      { inseeCode: "31555", postcode: "31400", cityName: "toulouse" },
      { inseeCode: "31555", cityName: "Toulouse", postcode: "31400", department: "31" },
    ],
    [
      "INSEE code, typo in the name",
      { inseeCode: "31555", cityName: "Toulouze" },
      { inseeCode: "31555", cityName: "Toulouse", postcode: "31000", department: "31" },
    ],
    [
      "INSEE code, name of a merged commune",
      { inseeCode: "50129", cityName: "Cherbourg Octeville" },
      { inseeCode: "50129", cityName: "Cherbourg-en-Cotentin", postcode: "50100", department: "50" },
    ],
    [
      "INSEE code, name of another commune of the postcode",
      { inseeCode: "01093", postcode: "01400", cityName: "Abergement-Clémenciat" },
      { inseeCode: "01093", cityName: "Châtillon-sur-Chalaronne", postcode: "01400", department: "01" },
    ],
    [
      "INSEE code, locality name that is no commune",
      { inseeCode: "06004", postcode: "06160", cityName: "Juan-les-Pins" },
      { inseeCode: "06004", cityName: "Antibes", postcode: "06160", department: "06" },
    ],
    [
      "INSEE code, business district name",
      { inseeCode: "92062", cityName: "La Défense" },
      { inseeCode: "92062", cityName: "Puteaux", postcode: "92800", department: "92" },
    ],
    ["former code of a merged commune", { inseeCode: "20004" }, { inseeCode: "2A004", cityName: "Ajaccio", postcode: "20000", department: "2A" }],
    // Corsica and overseas.
    ["Corsica, lower-case code", { inseeCode: "2a004" }, { inseeCode: "2A004", cityName: "Ajaccio", postcode: "20000", department: "2A" }],
    ["Haute-Corse", { postcode: "20200", cityName: "Bastia" }, { inseeCode: "2B033", cityName: "Bastia", postcode: "20200", department: "2B" }],
    ["Guadeloupe", { postcode: "97100" }, { inseeCode: "97105", cityName: "Basse-Terre", postcode: "97100", department: "971" }],
    [
      "Réunion, name shared with 93",
      { postcode: "97400", cityName: "Saint-Denis" },
      { inseeCode: "97411", cityName: "Saint-Denis", postcode: "97400", department: "974" },
    ],
    ["Mayotte", { postcode: "97600" }, { inseeCode: "97611", cityName: "Mamoudzou", postcode: "97600", department: "976" }],
    ["Saint-Barthélemy", { postcode: "97133" }, { inseeCode: "97701", cityName: "Saint-Barthélemy", postcode: "97133", department: "977" }],
    // Postcodes missing from the reference (CEDEX): an exact city name in the department.
    ["CEDEX postcode", { postcode: "38042", cityName: "Grenoble" }, { inseeCode: "38185", cityName: "Grenoble", postcode: "38000", department: "38" }],
    ["Paris CEDEX", { postcode: "75381", cityName: "Paris" }, { inseeCode: "75056", cityName: "Paris", postcode: "75001", department: "75" }],
  ])("%s", (_case, input, expected) => {
    const result = resolveLocation(input);
    expect(result).toEqual({ ok: true, location: { ...expected, latitude: null, longitude: null } });
  });
});

describe("resolveLocation: rejected inputs", () => {
  it.each<[string, LocationInput, RegExp]>([
    ["nothing", {}, /postcode or an INSEE code is required/],
    ["blanks only", { postcode: "  ", inseeCode: "", cityName: "Paris" }, /postcode or an INSEE code is required/],
    ["malformed postcode", { postcode: "750011" }, /not a 5-digit French postcode/],
    ["letters in postcode", { postcode: "7501A" }, /not a 5-digit French postcode/],
    ["unknown postcode", { postcode: "00000" }, /unknown postcode 00000/],
    ["CEDEX without a name", { postcode: "38042" }, /unknown postcode 38042/],
    ["CEDEX with an ambiguous name", { postcode: "92081", cityName: "Paris La Défense" }, /no single commune/],
    ["malformed INSEE code", { inseeCode: "2C004" }, /malformed/],
    ["unknown INSEE code", { inseeCode: "99999" }, /unknown INSEE code 99999/],
    ["postcode of another commune", { inseeCode: "38185", postcode: "69003" }, /does not belong to Grenoble/],
    ["Paris code, Lyon postcode", { inseeCode: "75056", postcode: "69003" }, /does not belong to Paris/],
    ["arrondissement code, other arrondissement's postcode", { inseeCode: "75111", postcode: "75012" }, /does not belong/],
    ["arrondissement code, other arrondissement's name", { inseeCode: "75111", cityName: "Paris 12e" }, /contradicts INSEE code 75111/],
    ["city name contradicting the code", { inseeCode: "38185", cityName: "Lyon" }, /contradicts INSEE code 38185/],
    ["city name contradicting code and postcode", { inseeCode: "31555", postcode: "31000", cityName: "Bordeaux" }, /contradicts/],
    ["city name of another commune of the island", { inseeCode: "97411", cityName: "Le Tampon" }, /contradicts INSEE code 97411/],
    ["city name of another city, arrondissement code", { inseeCode: "75111", cityName: "LYON" }, /contradicts INSEE code 75111/],
    ["neighbouring commune not sharing the postcode", { inseeCode: "92062", postcode: "92800", cityName: "Courbevoie" }, /contradicts/],
  ])("%s", (_case, input, reason) => {
    const result = resolveLocation(input);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toMatch(reason);
  });
});

describe("resolveLocation: coordinates", () => {
  it.each<[string, LocationInput, number, number]>([
    ["Paris", { postcode: "75011", latitude: 48.8589, longitude: 2.3795 }, 48.8589, 2.3795],
    ["Ajaccio", { postcode: "20000", latitude: 41.9192, longitude: 8.7386 }, 41.9192, 8.7386],
    ["Brest", { postcode: "29200", latitude: 48.3904, longitude: -4.4861 }, 48.3904, -4.4861],
    ["Saint-Denis (Réunion)", { postcode: "97400", latitude: -20.8823, longitude: 55.4504 }, -20.8823, 55.4504],
    ["Pointe-à-Pitre", { postcode: "97110", latitude: 16.2411, longitude: -61.5331 }, 16.2411, -61.5331],
    ["Cayenne", { postcode: "97300", latitude: 4.9372, longitude: -52.326 }, 4.9372, -52.326],
    ["Mamoudzou", { postcode: "97600", latitude: -12.7806, longitude: 45.2278 }, -12.7806, 45.2278],
  ])("keeps valid coordinates: %s", (_case, input, latitude, longitude) => {
    const result = resolveLocation(input);
    expect(result.ok && result.location.latitude).toBe(latitude);
    expect(result.ok && result.location.longitude).toBe(longitude);
  });

  it.each<[string, LocationInput, RegExp]>([
    ["swapped latitude and longitude", { postcode: "69003", latitude: 4.85, longitude: 45.76 }, /outside the territory of department 69/],
    ["null island", { postcode: "69003", latitude: 0, longitude: 0 }, /outside/],
    ["Réunion listing placed in Paris", { postcode: "97400", latitude: 48.85, longitude: 2.35 }, /department 974/],
    ["Paris listing placed in Réunion", { postcode: "75011", latitude: -20.88, longitude: 55.45 }, /department 75/],
    ["Berlin", { postcode: "59000", latitude: 52.52, longitude: 13.4 }, /outside/],
    ["latitude alone", { postcode: "75011", latitude: 48.85 }, /together/],
    ["longitude alone", { postcode: "75011", longitude: 2.35, latitude: null }, /together/],
    ["not a number", { postcode: "75011", latitude: Number.NaN, longitude: 2.35 }, /finite/],
  ])("rejects %s", (_case, input, reason) => {
    const result = resolveLocation(input);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toMatch(reason);
  });
});

describe("departments", () => {
  it.each([
    ["75111", "75"],
    ["75056", "75"],
    ["2A004", "2A"],
    ["2b033", "2B"],
    ["97105", "971"],
    ["97611", "976"],
    ["01053", "01"],
    ["1053", "01"],
    ["20004", "2A"], // former code of Ajaccio
    ["99999", null],
    ["abc", null],
    ["", null],
  ])("departmentOfInsee(%j) -> %j", (insee, expected) => {
    expect(departmentOfInsee(insee)).toBe(expected);
  });

  it.each([
    ["01", "01"],
    ["1", "01"],
    [" 75 ", "75"],
    ["2a", "2A"],
    ["2B", "2B"],
    ["971", "971"],
    ["976", "976"],
    ["20", null],
    ["2C", null],
    ["96", null],
    ["00", null],
    ["750", null],
    ["", null],
  ])("normaliseDepartmentCode(%j) -> %j", (raw, expected) => {
    expect(normaliseDepartmentCode(raw)).toBe(expected);
  });

  it("lists the 101 departments and the overseas collectivities, each known", () => {
    const departments = listDepartments();
    expect(departments).toContain("2A");
    expect(departments).toContain("976");
    expect(departments).not.toContain("20");
    expect(departments.filter((code) => code.length === 2 || ["971", "972", "973", "974", "976"].includes(code))).toHaveLength(101);
    expect(departments.every(isKnownDepartment)).toBe(true);
    expect(isKnownDepartment("2a")).toBe(false); // exact codes only; normalise first
  });
});

describe("listCommunes", () => {
  const communes = listCommunes();

  it("lists every locatable place once, each resolvable by its own code and postcode", () => {
    expect(communes.length).toBeGreaterThan(34_000);
    expect(new Set(communes.map((commune) => commune.inseeCode)).size).toBe(communes.length);
    for (const commune of communes.filter((_, index) => index % 97 === 0)) {
      const postcode = commune.postcodes[0] ?? "";
      const result = resolveLocation({ inseeCode: commune.inseeCode, postcode, cityName: commune.name });
      expect(result).toMatchObject({ ok: true, location: { inseeCode: commune.inseeCode, department: commune.department } });
    }
  });

  it("replaces Paris, Lyon and Marseille by their 45 arrondissements", () => {
    const codes = new Set(communes.map((commune) => commune.inseeCode));
    expect(codes.has("75056") || codes.has("69123") || codes.has("13055")).toBe(false);
    expect(communes.filter((commune) => /^(751\d\d|6938\d|132\d\d)$/.test(commune.inseeCode))).toHaveLength(45);
  });

  it("gives every place a department, a postcode and a population, and no coordinates", () => {
    const incomplete = communes.filter(
      (commune) =>
        !isKnownDepartment(commune.department) ||
        commune.postcodes.length === 0 ||
        !commune.postcodes.every((postcode) => /^\d{5}$/.test(postcode)) ||
        !(commune.population >= 0) ||
        commune.latitude !== null ||
        commune.longitude !== null,
    );
    expect(incomplete).toEqual([]);
  });
});
