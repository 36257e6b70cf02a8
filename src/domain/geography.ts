/**
 * Locating a listing in French geography: postcode and/or INSEE code, city name and coordinates as the
 * collector saw them, checked against the official commune list and completed (official name, department).
 *
 * Decisions:
 * - Paris, Lyon and Marseille listings are located in their municipal arrondissement (75111 for 75011) when
 *   the postcode or the city name identifies one, because that is what buyers search by and what the
 *   postcode already says. Without either, the city's own code (75056) is kept.
 * - A postcode shared by several communes with no matching city name goes to the most populous of them:
 *   the likeliest place for a listing, and a stable choice.
 * - Coordinates are kept when given and inside the commune's territory; when missing they stay null: no
 *   offline, INSEE-keyed source of commune centroids exists on the package registry.
 */
import { referenceData, type CommuneRecord } from "./geography-data.js";
import { normalisePlaceName, placeNameScore } from "./place-names.js";
import { isInsideDepartmentTerritory } from "./territory-bounds.js";

export type ResolvedLocation = {
  inseeCode: string;
  cityName: string;
  postcode: string;
  department: string;
  latitude: number | null;
  longitude: number | null;
};

export type LocationInput = {
  postcode?: string | null;
  inseeCode?: string | null;
  cityName?: string | null;
  latitude?: number | null;
  longitude?: number | null;
};

export type LocationResolution = { ok: true; location: ResolvedLocation } | { ok: false; reason: string };

export type CommuneSummary = {
  inseeCode: string;
  name: string;
  department: string;
  postcodes: string[];
  population: number;
  latitude: number | null;
  longitude: number | null;
};

/**
 * Checks and completes a listing's location. Needs a postcode or an INSEE code.
 * - INSEE code given: it must exist (former codes of merged communes are accepted and mapped to the current
 *   commune); a postcode given must be one of its postcodes. A city name given is refused only when it
 *   contradicts the code: it names neither the commune (nor a commune merged into it) nor any commune of the
 *   same postcode, AND it is the name of some other French commune. Matching tolerates accents, case,
 *   hyphens, "St", small typos; a district or locality name ("Juan-les-Pins", "La Défense") is no
 *   commune's name, so it contradicts nothing and is simply replaced.
 * - Postcode only: its single commune, or among several the one the city name matches best, else the most
 *   populous. An unknown postcode (e.g. a CEDEX code) is accepted when the city name names exactly one
 *   commune of the department the postcode points to; that commune's own postcode is then returned.
 * The city name returned is always the official one.
 */
export function resolveLocation(input: LocationInput): LocationResolution {
  const postcode = normalisePostcode(input.postcode);
  if (postcode === null) return reject(`postcode ${JSON.stringify(input.postcode)} is not a 5-digit French postcode`);
  const inseeCode = normaliseInseeCode(input.inseeCode);
  if (inseeCode === null) return reject(`INSEE code ${JSON.stringify(input.inseeCode)} is malformed`);
  const cityName = blankToUndefined(input.cityName);
  if (postcode === undefined && inseeCode === undefined) return reject("a postcode or an INSEE code is required");

  const located = inseeCode === undefined ? locateByPostcode(postcode ?? "", cityName) : locateByInseeCode(inseeCode, postcode, cityName);
  if (!located.ok) return located;
  const { place, postcode: finalPostcode } = located;

  const coordinates = checkCoordinates(input.latitude, input.longitude, place.department);
  if (!coordinates.ok) return coordinates;
  return {
    ok: true,
    location: {
      inseeCode: place.inseeCode,
      cityName: place.name,
      postcode: finalPostcode,
      department: place.department,
      latitude: coordinates.latitude,
      longitude: coordinates.longitude,
    },
  };
}

/** Department code of a commune or arrondissement (`2A`, `971`, ...), or null for an unknown INSEE code. */
export function departmentOfInsee(insee: string): string | null {
  const code = normaliseInseeCode(insee);
  if (code === null || code === undefined) return null;
  return findByCode(code)?.department ?? null;
}

let summaries: readonly CommuneSummary[] | undefined;

/**
 * Every place a listing can be located in, with its postcodes and population: current communes, with Paris,
 * Lyon and Marseille replaced by their arrondissements. Communes without a postcode (uninhabited TAAF
 * districts) are left out. Coordinates are null (no centroid source, see the module comment).
 */
export function listCommunes(): ReadonlyArray<CommuneSummary> {
  summaries ??= Object.freeze(
    referenceData().locatable.map((place) => ({
      inseeCode: place.inseeCode,
      name: place.name,
      department: place.department,
      postcodes: [...place.postcodes],
      population: place.population,
      latitude: null,
      longitude: null,
    })),
  );
  return summaries;
}

/** True for an exact official department code: `01`, `2A`, `75`, `971`. See `normaliseDepartmentCode`. */
export function isKnownDepartment(code: string): boolean {
  return referenceData().departments.includes(code);
}

/** Official department codes, metropolitan first, in the official order. */
export function listDepartments(): string[] {
  return [...referenceData().departments];
}

/**
 * Official form of a department code typed by a person: `1` -> `01`, `2a` -> `2A`, ` 75 ` -> `75`.
 * Null when it names no department (`20`, `96`, `2C`).
 */
/** Why a department code is refused, wherever one is given (tokens, searches, webhook filters). */
export const DEPARTMENT_CODE_MESSAGE = "is not a department code (01 to 95, 2A, 2B, 971 to 976)";

export function normaliseDepartmentCode(raw: string): string | null {
  const text = raw.trim().toUpperCase();
  const code = /^\d$/.test(text) ? `0${text}` : text;
  return isKnownDepartment(code) ? code : null;
}

type Located = { ok: true; place: CommuneRecord; postcode: string } | { ok: false; reason: string };

function locateByInseeCode(inseeCode: string, postcode: string | undefined, cityName: string | undefined): Located {
  let place = findByCode(inseeCode);
  if (place === undefined) return reject(`unknown INSEE code ${inseeCode}`);
  if (postcode !== undefined && !place.postcodes.includes(postcode)) {
    return reject(`postcode ${postcode} does not belong to ${place.name} (INSEE ${place.inseeCode})`);
  }
  if (place.hasArrondissements) place = arrondissementOf(place, postcode, cityName) ?? place;
  if (cityName !== undefined && !cityNameFits(cityName, place, postcode)) {
    return reject(`city name "${cityName}" contradicts INSEE code ${place.inseeCode} (${place.name})`);
  }
  const finalPostcode = postcode ?? place.postcodes[0];
  if (finalPostcode === undefined) return reject(`${place.name} (INSEE ${place.inseeCode}) has no postcode`);
  return { ok: true, place, postcode: finalPostcode };
}

function locateByPostcode(postcode: string, cityName: string | undefined): Located {
  const candidates = referenceData().byPostcode.get(postcode);
  if (candidates === undefined) return locateUnknownPostcode(postcode, cityName);
  const place = (cityName === undefined ? undefined : bestNameMatch(candidates, cityName, 1)) ?? candidates[0];
  if (place === undefined) return reject(`unknown postcode ${postcode}`);
  return { ok: true, place, postcode };
}

/** CEDEX and other postcodes missing from the reference: trust an exact city name within the department. */
function locateUnknownPostcode(postcode: string, cityName: string | undefined): Located {
  if (cityName === undefined) return reject(`unknown postcode ${postcode}`);
  const matches = departmentsOfPostcode(postcode)
    .flatMap((department) => referenceData().byDepartment.get(department) ?? [])
    .filter((place) => nameScore(place, cityName) === 3);
  const place = matches.length === 1 ? matches[0] : sameCity(matches);
  const ownPostcode = place?.postcodes[0];
  if (place === undefined || ownPostcode === undefined) {
    return reject(`unknown postcode ${postcode} and no single commune named "${cityName}" in its department`);
  }
  return { ok: true, place, postcode: ownPostcode };
}

/** "Paris" matches all of Paris's arrondissements: the city itself is then the answer. */
function sameCity(places: readonly CommuneRecord[]): CommuneRecord | undefined {
  const parentCode = places[0]?.parentCode;
  if (parentCode === null || parentCode === undefined) return undefined;
  if (!places.every((place) => place.parentCode === parentCode)) return undefined;
  return referenceData().byCode.get(parentCode);
}

/** Departments a postcode's leading digits point to (20xxx is Corsica, 97xxx/98xxx carry 3 digits). */
function departmentsOfPostcode(postcode: string): string[] {
  if (postcode.startsWith("20")) return ["2A", "2B"];
  if (postcode.startsWith("97") || postcode.startsWith("98")) return [postcode.slice(0, 3)];
  return [postcode.slice(0, 2)];
}

/** The arrondissement of a city designated by the postcode, else by a city name like "Paris 11e". */
function arrondissementOf(city: CommuneRecord, postcode: string | undefined, cityName: string | undefined): CommuneRecord | undefined {
  const arrondissements = referenceData().arrondissementsOf.get(city.inseeCode) ?? [];
  if (postcode !== undefined) return arrondissements.find((place) => place.postcodes.includes(postcode));
  // "Paris" alone matches every arrondissement by alias: only a name scoring 2 or more designates one.
  return cityName === undefined ? undefined : bestNameMatch(arrondissements, cityName, 2);
}

/**
 * Whether a city name is compatible with the place: it names the place (or a commune merged into it), or
 * some commune of the same postcode (portals often print the post office's town), or no commune at all (a
 * district or locality, which portals print too).
 */
function cityNameFits(cityName: string, place: CommuneRecord, postcode: string | undefined): boolean {
  if (nameScore(place, cityName) > 0) return true;
  if (!referenceData().communeNames.has(normalisePlaceName(cityName))) return true;
  const byPostcode = referenceData().byPostcode;
  const neighbours = (postcode === undefined ? place.postcodes : [postcode]).flatMap((code) => byPostcode.get(code) ?? []);
  return neighbours.some((neighbour) => nameScore(neighbour, cityName) > 0);
}

/** The candidate the name fits best with at least `minimumScore`; ties go to the most populous (listed first). */
function bestNameMatch(candidates: readonly CommuneRecord[], cityName: string, minimumScore: number): CommuneRecord | undefined {
  let best: CommuneRecord | undefined;
  let bestScore = minimumScore - 1;
  for (const candidate of candidates) {
    const score = nameScore(candidate, cityName);
    if (score > bestScore) {
      best = candidate;
      bestScore = score;
    }
  }
  return best;
}

function nameScore(place: CommuneRecord, cityName: string): number {
  return Math.max(placeNameScore(cityName, place.name), ...place.aliases.map((alias) => placeNameScore(cityName, alias)));
}

function findByCode(code: string): CommuneRecord | undefined {
  const data = referenceData();
  return data.byCode.get(code) ?? data.byCode.get(data.currentCodeOf.get(code) ?? "");
}

type CheckedCoordinates = { ok: true; latitude: number | null; longitude: number | null } | { ok: false; reason: string };

function checkCoordinates(latitude: number | null | undefined, longitude: number | null | undefined, department: string): CheckedCoordinates {
  const hasLatitude = latitude !== null && latitude !== undefined;
  const hasLongitude = longitude !== null && longitude !== undefined;
  if (!hasLatitude && !hasLongitude) return { ok: true, latitude: null, longitude: null };
  if (!hasLatitude || !hasLongitude) return reject("latitude and longitude must be given together");
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return reject("coordinates must be finite numbers");
  if (!isInsideDepartmentTerritory(department, latitude, longitude)) {
    return reject(`coordinates (${latitude}, ${longitude}) are outside the territory of department ${department}`);
  }
  return { ok: true, latitude, longitude };
}

/** Undefined when absent or blank, null when present but malformed, else five digits. */
function normalisePostcode(raw: string | null | undefined): string | null | undefined {
  const text = blankToUndefined(raw)?.replace(/\s+/g, "").replace(/^F-?/i, "");
  if (text === undefined) return undefined;
  // Spreadsheets drop the leading zero of Ain .. Ardèche postcodes: 1000 is 01000.
  if (/^\d{4}$/.test(text)) return `0${text}`;
  return /^\d{5}$/.test(text) ? text : null;
}

/** Undefined when absent or blank, null when malformed, else the code upper-case (`2a004` -> `2A004`). */
function normaliseInseeCode(raw: string | null | undefined): string | null | undefined {
  const text = blankToUndefined(raw)?.replace(/\s+/g, "").toUpperCase();
  if (text === undefined) return undefined;
  if (/^\d{4}$/.test(text)) return `0${text}`;
  return /^(?:\d{5}|2[AB]\d{3})$/.test(text) ? text : null;
}

function blankToUndefined(raw: string | null | undefined): string | undefined {
  const text = raw?.trim();
  return text === undefined || text === "" ? undefined : text;
}

function reject(reason: string): { ok: false; reason: string } {
  return { ok: false, reason };
}
