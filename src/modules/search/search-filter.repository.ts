import { arrayOverlaps, eq, gte, inArray, lte, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { properties } from "../../db/schema/index.js";
import { circleBounds, haversineLimit, type LongitudeRange } from "./search-geo.js";
import type { GeoBbox, GeoCircle, PropertySearchFilter } from "./search.types.js";

/**
 * The SQL conditions of every non-text filter that is set, to be combined with AND. Text search and the
 * contract are added by the caller.
 */
export function filterConditions(filter: PropertySearchFilter): SQL[] {
  const conditions: (SQL | undefined)[] = [
    filter.transactionType === undefined ? undefined : eq(properties.transactionType, filter.transactionType),
    anyOf(properties.propertyType, filter.propertyTypes),
    anyOf(properties.department, filter.locationDepartments),
    anyOf(properties.inseeCode, filter.locationInseeCodes),
    anyOf(properties.postcode, filter.locationPostcodes),
    filter.locationGeoBbox ? withinBbox(filter.locationGeoBbox) : undefined,
    filter.locationGeoCircle ? withinCircle(filter.locationGeoCircle) : undefined,
    integerAtLeast(properties.priceCurrent, filter.transactionPriceMin),
    integerAtMost(properties.priceCurrent, filter.transactionPriceMax),
    atLeast(properties.area, filter.propertyAreaMin),
    atMost(properties.area, filter.propertyAreaMax),
    integerAtLeast(properties.bedroomCount, filter.propertyBedroomCountMin),
    integerAtLeast(properties.roomCount, filter.propertyRoomCountMin),
    flag(properties.balconyExists, filter.propertyBalconyExists),
    flag(properties.cellarExists, filter.propertyCellarExists),
    flag(properties.elevatorExists, filter.propertyElevatorExists),
    flag(properties.garageExists, filter.propertyGarageExists),
    flag(properties.gardenExists, filter.propertyGardenExists),
    flag(properties.parkingExists, filter.propertyParkingExists),
    flag(properties.swimmingPoolExists, filter.propertySwimmingPoolExists),
    flag(properties.terraceExists, filter.propertyTerraceExists),
    flag(properties.isProgram, filter.propertyIsProgram),
    priceHasChanged(filter.transactionPriceHasChanged),
    anyOf(properties.dpeLabel, filter.energyDpeLabels),
    anyOf(properties.gesLabel, filter.energyGesLabels),
    listedOn(filter.sourceDomains),
    integerAtLeast(properties.sourceDomainsCount, filter.sourceDomainsCountMin),
    integerAtMost(properties.sourceDomainsCount, filter.sourceDomainsCountMax),
  ];
  return conditions.filter((condition): condition is SQL => condition !== undefined);
}

/** Column equal to one of the values; an empty or absent list does not filter. */
function anyOf(column: AnyPgColumn, values: readonly string[] | undefined): SQL | undefined {
  if (!values || values.length === 0) return undefined;
  const storable = storableStrings(values);
  return storable.length > 0 ? inArray(column, storable) : sql`false`;
}

function listedOn(domains: readonly string[] | undefined): SQL | undefined {
  if (!domains || domains.length === 0) return undefined;
  const storable = storableStrings(domains);
  return storable.length > 0 ? arrayOverlaps(properties.sourceDomains, storable) : sql`false`;
}

/** PostgreSQL text cannot hold NUL, so such a value matches nothing; sending it would be an SQL error. */
function storableStrings(values: readonly string[]): string[] {
  return [...new Set(values)].filter((value) => !value.includes("\u0000"));
}

const INT4_MIN = -2_147_483_648;
const INT4_MAX = 2_147_483_647;

/**
 * Lower bound on an integer column for any finite number: rounded up, and kept within the int4 range so that
 * a huge bound means "nothing" or "everything" rather than an out-of-range SQL error.
 */
function integerAtLeast(column: AnyPgColumn, value: number | undefined): SQL | undefined {
  if (value === undefined) return undefined;
  const bound = Math.ceil(value);
  if (bound > INT4_MAX) return sql`false`;
  return bound <= INT4_MIN ? sql`${column} is not null` : gte(column, bound);
}

function integerAtMost(column: AnyPgColumn, value: number | undefined): SQL | undefined {
  if (value === undefined) return undefined;
  const bound = Math.floor(value);
  if (bound < INT4_MIN) return sql`false`;
  return bound >= INT4_MAX ? sql`${column} is not null` : lte(column, bound);
}

function atLeast(column: AnyPgColumn, value: number | undefined): SQL | undefined {
  return value === undefined ? undefined : gte(column, value);
}

function atMost(column: AnyPgColumn, value: number | undefined): SQL | undefined {
  return value === undefined ? undefined : lte(column, value);
}

/** `true`: known to have it; `false`: known not to have it, or not stated (null). */
function flag(column: AnyPgColumn, wanted: boolean | undefined): SQL | undefined {
  if (wanted === undefined) return undefined;
  return wanted ? sql`${column} is true` : sql`${column} is not true`;
}

/**
 * The ingest pipeline sets `price_changed_at` whenever the derived current price takes a new value (and
 * appends it to `price_history`), so a property's price has changed exactly when that date exists.
 */
function priceHasChanged(wanted: boolean | undefined): SQL | undefined {
  if (wanted === undefined) return undefined;
  return wanted ? sql`${properties.priceChangedAt} is not null` : sql`${properties.priceChangedAt} is null`;
}

function withinBbox(bbox: GeoBbox): SQL {
  const latitude = sql`${properties.latitude} between ${bbox.sw.lat} and ${bbox.ne.lat}`;
  const longitude = longitudeIn(
    bbox.sw.lng <= bbox.ne.lng
      ? [{ min: bbox.sw.lng, max: bbox.ne.lng }]
      : // A box whose west edge is east of its east edge crosses the antimeridian.
        [
          { min: bbox.sw.lng, max: 180 },
          { min: -180, max: bbox.ne.lng },
        ],
  );
  return sql`(${latitude} and ${longitude})`;
}

/**
 * Great-circle distance test (haversine, compared without asin), behind a box prefilter on plain
 * latitude/longitude comparisons that the coordinates index can serve.
 */
function withinCircle(circle: GeoCircle): SQL {
  const bounds = circleBounds(circle);
  const box = [
    sql`${properties.latitude} between ${bounds.minLat} and ${bounds.maxLat}`,
    bounds.longitudes ? longitudeIn(bounds.longitudes) : sql`${properties.longitude} is not null`,
  ];
  const centerLat = circle.center.lat;
  const centerLng = circle.center.lng;
  const haversine = sql`power(sin(radians(${properties.latitude} - ${centerLat}::float8) / 2), 2)
    + cos(radians(${centerLat}::float8)) * cos(radians(${properties.latitude}))
    * power(sin(radians(${properties.longitude} - ${centerLng}::float8) / 2), 2)`;
  return sql`(${box[0]} and ${box[1]} and ${haversine} <= ${haversineLimit(circle.radiusMeters)}::float8)`;
}

function longitudeIn(ranges: LongitudeRange[]): SQL {
  const parts = ranges.map((range) => sql`${properties.longitude} between ${range.min}::float8 and ${range.max}::float8`);
  return parts.length === 1 ? sql`${parts[0]}` : sql`(${sql.join(parts, sql` or `)})`;
}
