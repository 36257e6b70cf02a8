/**
 * French administrative reference data from @etalab/decoupage-administratif (official COG, offline JSON),
 * loaded once on first use and indexed for O(1) lookups. Pure reference data: a module-level cache is safe
 * to share between requests.
 *
 * The JSON files are read with `require` rather than the package's index.js (which resolves its data from
 * the working directory) or a static JSON import (which would load 8 MB at startup and make the type
 * checker infer a type for 37,000 objects).
 */
import { createRequire } from "node:module";
import { normalisePlaceName } from "./place-names.js";

/** A place a listing can be located in: a current commune, or a municipal arrondissement of Paris, Lyon or Marseille. */
export type CommuneRecord = {
  readonly inseeCode: string;
  readonly name: string;
  readonly department: string;
  /** Sorted, without duplicates; empty for the few uninhabited communes of the TAAF. */
  readonly postcodes: readonly string[];
  readonly population: number;
  /** Other names the place is known by: communes merged into it, the city of an arrondissement. */
  readonly aliases: readonly string[];
  /** For a municipal arrondissement, the INSEE code of its city (75056, 69123, 13055). */
  readonly parentCode: string | null;
  /** True for Paris, Lyon and Marseille, whose listings are located in their arrondissements. */
  readonly hasArrondissements: boolean;
};

export type ReferenceData = {
  /** Current communes and municipal arrondissements by INSEE code. */
  readonly byCode: ReadonlyMap<string, CommuneRecord>;
  /** Former codes (merged or renumbered communes) to the current commune's code. */
  readonly currentCodeOf: ReadonlyMap<string, string>;
  /** Locatable places by postcode, most populous first; arrondissements stand in for their city. */
  readonly byPostcode: ReadonlyMap<string, readonly CommuneRecord[]>;
  /** Municipal arrondissements by the INSEE code of their city. */
  readonly arrondissementsOf: ReadonlyMap<string, readonly CommuneRecord[]>;
  /** Locatable places by department. */
  readonly byDepartment: ReadonlyMap<string, readonly CommuneRecord[]>;
  /** Every locatable place that has a postcode. */
  readonly locatable: readonly CommuneRecord[];
  /** Normalised names of every commune, arrondissement and merged commune (see `normalisePlaceName`). */
  readonly communeNames: ReadonlySet<string>;
  /** Department codes in the official order (01 .. 19, 21 .. 29, 2A, 2B, 30 .. 95, 971 ..). */
  readonly departments: readonly string[];
  /**
   * The SIREN of the intercommunality (EPCI: métropole, communauté urbaine, d'agglomération or de communes) each
   * commune belongs to, by INSEE code; an arrondissement belongs to its city's. A few communes (islands, Paris
   * before 2016's reform) belong to none.
   */
  readonly intercommunalityOf: ReadonlyMap<string, string>;
};

/** The fields used from one entry of communes.json. */
type RawCommune = {
  code: string;
  nom: string;
  type: string;
  departement: string;
  codesPostaux?: string[];
  population?: number;
  chefLieu?: string;
  commune?: string;
  anciensCodes?: string[];
};

let cache: ReferenceData | undefined;

/** The indexed reference data, built on the first call (about 0.3 s) and reused afterwards. */
export function referenceData(): ReferenceData {
  cache ??= build();
  return cache;
}

function build(): ReferenceData {
  const require = createRequire(import.meta.url);
  const communes = readCommunes(require("@etalab/decoupage-administratif/data/communes.json"));
  const departments = readDepartmentCodes(require("@etalab/decoupage-administratif/data/departements.json"));
  const intercommunalities = readIntercommunalities(require("@etalab/decoupage-administratif/data/epci.json"));

  const current = communes.filter((entry) => entry.type === "commune-actuelle");
  const arrondissements = communes.filter((entry) => entry.type === "arrondissement-municipal");
  const citiesWithArrondissements = new Set(arrondissements.map((entry) => entry.commune));

  const byCode = new Map<string, CommuneRecord & { aliases: string[] }>();
  for (const entry of current) {
    byCode.set(entry.code, {
      inseeCode: entry.code,
      name: entry.nom,
      department: entry.departement,
      postcodes: [...new Set(entry.codesPostaux ?? [])].sort(),
      population: entry.population ?? 0,
      aliases: [],
      parentCode: null,
      hasArrondissements: citiesWithArrondissements.has(entry.code),
    });
  }
  for (const entry of arrondissements) {
    const city = entry.commune === undefined ? undefined : byCode.get(entry.commune);
    byCode.set(entry.code, {
      inseeCode: entry.code,
      name: entry.nom,
      department: entry.departement,
      postcodes: [...new Set(entry.codesPostaux ?? [])].sort(),
      population: entry.population ?? 0,
      aliases: city === undefined ? [] : [city.name],
      parentCode: entry.commune ?? null,
      hasArrondissements: false,
    });
  }

  const currentCodeOf = new Map<string, string>();
  for (const entry of communes) {
    if (entry.type === "commune-deleguee" || entry.type === "commune-associee") {
      const merged = entry.chefLieu === undefined ? undefined : byCode.get(entry.chefLieu);
      if (merged === undefined) continue;
      if (entry.nom !== merged.name) merged.aliases.push(entry.nom);
      if (!byCode.has(entry.code)) currentCodeOf.set(entry.code, merged.inseeCode);
    }
    for (const former of entry.type === "commune-actuelle" ? (entry.anciensCodes ?? []) : []) {
      if (!byCode.has(former)) currentCodeOf.set(former, entry.code);
    }
  }

  const intercommunalityOf = new Map<string, string>();
  for (const { code, members } of intercommunalities) for (const member of members) intercommunalityOf.set(member, code);
  for (const entry of arrondissements) {
    const city = entry.commune === undefined ? undefined : intercommunalityOf.get(entry.commune);
    if (city !== undefined) intercommunalityOf.set(entry.code, city);
  }

  const locatable = [...byCode.values()].filter((place) => !place.hasArrondissements && place.postcodes.length > 0);
  return {
    byCode,
    currentCodeOf,
    byPostcode: indexByPostcode(locatable, byCode),
    arrondissementsOf: groupBy(locatable, (place) => (place.parentCode === null ? [] : [place.parentCode])),
    byDepartment: groupBy(locatable, (place) => [place.department]),
    locatable,
    communeNames: new Set(communes.map((entry) => normalisePlaceName(entry.nom))),
    departments,
    intercommunalityOf,
  };
}

/**
 * Postcode index of the locatable places. A city with arrondissements appears under a postcode only if none
 * of its arrondissements has it (none today; a guard against a future data release).
 */
function indexByPostcode(locatable: readonly CommuneRecord[], byCode: ReadonlyMap<string, CommuneRecord>): ReadonlyMap<string, readonly CommuneRecord[]> {
  const index = groupBy(locatable, (place) => place.postcodes);
  for (const city of byCode.values()) {
    if (!city.hasArrondissements) continue;
    for (const postcode of city.postcodes) {
      const places = index.get(postcode) ?? [];
      if (!places.some((place) => place.parentCode === city.inseeCode)) index.set(postcode, [...places, city]);
    }
  }
  for (const places of index.values()) places.sort((a, b) => b.population - a.population);
  return index;
}

function groupBy(places: readonly CommuneRecord[], keysOf: (place: CommuneRecord) => readonly string[]) {
  const groups = new Map<string, CommuneRecord[]>();
  for (const place of places) {
    for (const key of keysOf(place)) {
      const group = groups.get(key);
      if (group === undefined) groups.set(key, [place]);
      else group.push(place);
    }
  }
  return groups;
}

/*
 * Shape checks of the package's JSON, so that a data release with another layout fails loudly here rather
 * than producing wrong locations. Hand-written: a schema library takes longer than the parse itself on
 * 37,000 entries, and this runs at every process start.
 */

function readCommunes(raw: unknown): RawCommune[] {
  if (!Array.isArray(raw)) throw new Error("communes.json: expected an array");
  return raw.map((entry: unknown, index): RawCommune => {
    if (!isRecord(entry)) throw new Error(`communes.json[${index}]: expected an object`);
    const { code, nom, type, departement, codesPostaux, population, chefLieu, commune, anciensCodes } = entry;
    if (typeof code !== "string" || typeof nom !== "string" || typeof type !== "string" || typeof departement !== "string") {
      throw new Error(`communes.json[${index}]: code, nom, type and departement must be strings`);
    }
    return {
      code,
      nom,
      type,
      departement,
      codesPostaux: optionalStrings(codesPostaux, index),
      population: typeof population === "number" ? population : undefined,
      chefLieu: typeof chefLieu === "string" ? chefLieu : undefined,
      commune: typeof commune === "string" ? commune : undefined,
      anciensCodes: optionalStrings(anciensCodes, index),
    };
  });
}

function readDepartmentCodes(raw: unknown): string[] {
  if (!Array.isArray(raw)) throw new Error("departements.json: expected an array");
  return raw.map((entry: unknown, index) => {
    if (!isRecord(entry) || typeof entry.code !== "string") throw new Error(`departements.json[${index}]: no code`);
    return entry.code;
  });
}

function readIntercommunalities(raw: unknown): Array<{ code: string; members: string[] }> {
  if (!Array.isArray(raw)) throw new Error("epci.json: expected an array");
  return raw.map((entry: unknown, index) => {
    if (!isRecord(entry) || typeof entry.code !== "string" || !Array.isArray(entry.membres)) throw new Error(`epci.json[${index}]: code and membres expected`);
    const members = entry.membres.map((member: unknown) => {
      if (!isRecord(member) || typeof member.code !== "string") throw new Error(`epci.json[${index}]: a member without a code`);
      return member.code;
    });
    return { code: entry.code, members };
  });
}

function optionalStrings(value: unknown, index: number): string[] | undefined {
  if (value === undefined) return undefined;
  const items: unknown[] = Array.isArray(value) ? value : [null];
  if (!items.every((item): item is string => typeof item === "string")) {
    throw new Error(`communes.json[${index}]: expected a list of strings`);
  }
  return items;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}
