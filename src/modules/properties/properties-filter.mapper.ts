import { DEPARTMENT_CODE_MESSAGE, normaliseDepartmentCode } from "../../domain/geography.js";
import { badInput } from "../../errors.js";
import { MAX_SEARCH_QUERY_LENGTH, type PropertySearchFilter } from "../search/search.types.js";
import type { GeoPointInput, IntRangeInput, PropertyFilterInput } from "./properties-filter.types.js";

const MAX_LIST_LENGTH = 500;

/**
 * Checks a GraphQL `PropertyFilter` and translates it to the search module's filter (v1 names). Every problem
 * is reported at once as BAD_USER_INPUT with per-field messages, before any SQL runs.
 */
export function toSearchFilter(input: PropertyFilterInput | null | undefined): PropertySearchFilter {
  if (!input) return {};
  const problems: Record<string, string[]> = {};
  const report = (field: string, message: string) => (problems[field] ??= []).push(message);

  for (const [field, list] of Object.entries({
    propertyTypes: input.propertyTypes,
    departments: input.departments,
    inseeCodes: input.inseeCodes,
    postcodes: input.postcodes,
    dpeLabels: input.dpeLabels,
    gesLabels: input.gesLabels,
    sourceDomains: input.sourceDomains,
  })) {
    if (list && list.length > MAX_LIST_LENGTH) report(field, `must list at most ${MAX_LIST_LENGTH} values`);
  }
  for (const [field, range] of Object.entries({
    price: input.price,
    area: input.area,
    roomCount: input.roomCount,
    bedroomCount: input.bedroomCount,
    sourceDomainsCount: input.sourceDomainsCount,
  })) {
    checkRange(field, range, report);
  }
  for (const code of input.departments ?? []) {
    if (normaliseDepartmentCode(code) === null) report("departments", `${JSON.stringify(code)} ${DEPARTMENT_CODE_MESSAGE}`);
  }
  if (input.roomCount?.max != null) report("roomCount.max", "is not supported; use min");
  if (input.bedroomCount?.max != null) report("bedroomCount.max", "is not supported; use min");
  if (input.bbox) {
    checkPoint("bbox.sw", input.bbox.sw, report);
    checkPoint("bbox.ne", input.bbox.ne, report);
    if (input.bbox.sw.lat > input.bbox.ne.lat) report("bbox", "sw.lat must not be above ne.lat");
  }
  if (input.circle) {
    checkPoint("circle.center", input.circle.center, report);
    const radius = input.circle.radiusMeters;
    if (radius < 10 || radius > 50_000) report("circle.radiusMeters", "must be between 10 and 50000");
  }
  if (input.text != null && input.text.length > MAX_SEARCH_QUERY_LENGTH) {
    report("text", `must be at most ${MAX_SEARCH_QUERY_LENGTH} characters`);
  }
  const threshold = input.textThreshold;
  if (threshold != null && !(threshold >= 0 && threshold <= 1)) report("textThreshold", "must be between 0 and 1");
  if (Object.keys(problems).length > 0) throw badInput("Invalid property filter.", prefixed(problems));

  return {
    transactionType: input.transactionType ?? undefined,
    propertyTypes: input.propertyTypes ?? undefined,
    locationDepartments: input.departments?.map((code) => normaliseDepartmentCode(code) ?? code) ?? undefined,
    locationInseeCodes: input.inseeCodes ?? undefined,
    locationPostcodes: input.postcodes ?? undefined,
    locationGeoBbox: input.bbox ? { sw: point(input.bbox.sw), ne: point(input.bbox.ne) } : undefined,
    locationGeoCircle: input.circle ? { center: point(input.circle.center), radiusMeters: input.circle.radiusMeters } : undefined,
    transactionPriceMin: input.price?.min ?? undefined,
    transactionPriceMax: input.price?.max ?? undefined,
    propertyAreaMin: input.area?.min ?? undefined,
    propertyAreaMax: input.area?.max ?? undefined,
    propertyRoomCountMin: input.roomCount?.min ?? undefined,
    propertyBedroomCountMin: input.bedroomCount?.min ?? undefined,
    propertyBalconyExists: input.balconyExists ?? undefined,
    propertyCellarExists: input.cellarExists ?? undefined,
    propertyElevatorExists: input.elevatorExists ?? undefined,
    propertyGarageExists: input.garageExists ?? undefined,
    propertyGardenExists: input.gardenExists ?? undefined,
    propertyParkingExists: input.parkingExists ?? undefined,
    propertySwimmingPoolExists: input.swimmingPoolExists ?? undefined,
    propertyTerraceExists: input.terraceExists ?? undefined,
    propertyIsProgram: input.isProgram ?? undefined,
    transactionPriceHasChanged: input.priceHasChanged ?? undefined,
    energyDpeLabels: input.dpeLabels ?? undefined,
    energyGesLabels: input.gesLabels ?? undefined,
    searchQuery: input.text ?? undefined,
    searchThreshold: input.textThreshold ?? undefined,
    sourceDomains: input.sourceDomains ?? undefined,
    sourceDomainsCountMin: input.sourceDomainsCount?.min ?? undefined,
    sourceDomainsCountMax: input.sourceDomainsCount?.max ?? undefined,
  };
}

type Report = (field: string, message: string) => void;

function checkRange(field: string, range: IntRangeInput | null | undefined, report: Report): void {
  if (!range) return;
  if (range.min != null && range.min < 0) report(`${field}.min`, "must be at least 0");
  if (range.max != null && range.max < 0) report(`${field}.max`, "must be at least 0");
  if (range.min != null && range.max != null && range.min > range.max) report(field, "min must not exceed max");
}

function checkPoint(field: string, p: GeoPointInput, report: Report): void {
  if (!(p.lat >= -90 && p.lat <= 90)) report(`${field}.lat`, "must be between -90 and 90");
  if (!(p.lng >= -180 && p.lng <= 180)) report(`${field}.lng`, "must be between -180 and 180");
}

function point(p: GeoPointInput): { lat: number; lng: number } {
  return { lat: p.lat, lng: p.lng };
}

function prefixed(problems: Record<string, string[]>): Record<string, string[]> {
  return Object.fromEntries(Object.entries(problems).map(([field, messages]) => [`filter.${field}`, messages]));
}
