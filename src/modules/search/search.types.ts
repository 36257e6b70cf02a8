import type { PropertyRow } from "../../db/schema/index.js";
import type { EnergyLabel, PropertyType, TransactionType } from "../../domain/enums.js";

/** A point in WGS 84 degrees. */
export type GeoPoint = { lat: number; lng: number };

/** A latitude/longitude box given by its south-west and north-east corners (may cross the antimeridian). */
export type GeoBbox = { sw: GeoPoint; ne: GeoPoint };

/** Every point within `radiusMeters` of `center` (great-circle distance). */
export type GeoCircle = { center: GeoPoint; radiusMeters: number };

/**
 * Every filter of the published v1 property search, with the v1 body's names. Each filter that is given
 * narrows the result (they combine with AND); a filter left undefined, and a list left empty, does not filter.
 * The caller's contract is applied on top of these, never instead of them.
 *
 * Values are validated at the edges (REST zod schema, GraphQL inputs); any combination of valid values runs.
 */
export type PropertySearchFilter = {
  transactionType?: TransactionType;
  /** Any of these types. */
  propertyTypes?: readonly PropertyType[];

  /** Department codes ("75", "2A", "971"). */
  locationDepartments?: readonly string[];
  /** INSEE commune codes. */
  locationInseeCodes?: readonly string[];
  locationPostcodes?: readonly string[];
  /** Only properties with coordinates inside the box (inclusive). */
  locationGeoBbox?: GeoBbox;
  /** Only properties with coordinates within the circle (inclusive). */
  locationGeoCircle?: GeoCircle;

  /** Current price, inclusive bounds. */
  transactionPriceMin?: number;
  transactionPriceMax?: number;
  /** Living area in m², inclusive bounds; properties without an area are left out when either is set. */
  propertyAreaMin?: number;
  propertyAreaMax?: number;
  propertyBedroomCountMin?: number;
  propertyRoomCountMin?: number;

  /**
   * Attribute flags: `true` keeps properties known to have the attribute; `false` keeps the others (known not
   * to have it, or not stated).
   */
  propertyBalconyExists?: boolean;
  propertyCellarExists?: boolean;
  propertyElevatorExists?: boolean;
  propertyGarageExists?: boolean;
  propertyGardenExists?: boolean;
  propertyParkingExists?: boolean;
  propertySwimmingPoolExists?: boolean;
  propertyTerraceExists?: boolean;
  propertyIsProgram?: boolean;
  /** `true`: the current price differs from an earlier one (the property has a price change date). */
  transactionPriceHasChanged?: boolean;

  /** Any of these DPE labels (lower case "a".."g"). */
  energyDpeLabels?: readonly EnergyLabel[];
  /** Any of these GES labels. */
  energyGesLabels?: readonly EnergyLabel[];

  /**
   * Free text (at most 400 characters), matched against the titles and descriptions of the property's
   * classifieds, accent-insensitive, with French word forms (stemming) and tolerance for typos (trigrams).
   */
  searchQuery?: string;
  /** Trigram word-similarity threshold 0..1 for typo tolerance; default {@link DEFAULT_SEARCH_THRESHOLD}. */
  searchThreshold?: number;

  /** Listed on at least one of these portals. */
  sourceDomains?: readonly string[];
  /** Number of distinct portals listing the property, inclusive bounds. */
  sourceDomainsCountMin?: number;
  sourceDomainsCountMax?: number;
};

export const DEFAULT_SEARCH_THRESHOLD = 0.2;

/** Longest `searchQuery` the v1 API accepts; longer input is cut here too, so the SQL never sees more. */
export const MAX_SEARCH_QUERY_LENGTH = 400;

export const PROPERTY_SEARCH_SORT_FIELDS = [
  "firstSeenAt",
  "lastSeenAt",
  "lastUpdatedAt",
  "price",
  "priceChangeDate",
  "pricePerSquareMeter",
  "relevance",
] as const;
export type PropertySearchSortField = (typeof PROPERTY_SEARCH_SORT_FIELDS)[number];

export const SORT_ORDERS = ["asc", "desc"] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/**
 * Result order. Ties are always broken by property id (in the same direction), so pages never overlap.
 * Properties without a value for the sort key (no price change, no price per m²) come last in both directions.
 * `relevance` without a `searchQuery` orders like `firstSeenAt`.
 */
export type PropertySearchSort = { by: PropertySearchSortField; order: SortOrder };

/** The v1 default order: newest first. */
export const DEFAULT_PROPERTY_SEARCH_SORT: PropertySearchSort = { by: "firstSeenAt", order: "desc" };

/**
 * Totals are counted exactly up to this many matches, the deepest result any plan reaches (v1: page 500 of 20);
 * beyond it a search reports this many and says the total is a lower bound. Counting every match of a broad
 * search over a million properties took seconds; counting to the bound reads at most this many index entries.
 */
export const EXACT_TOTAL_BOUND = 10_000;

/**
 * Where a page starts: after `offset` results, or, with `after`, right after the result at that sort position
 * (keyset paging: the rows before it are not read again). `offset` then only numbers the page's rows.
 */
export type SearchPage = { offset: number; limit: number; after?: SortPosition };

/** A result's place in the order: its sort key (as PostgreSQL writes it as text; null when it has none) and id. */
export type SortPosition = { key: string | null; id: string };

/** How many match: exactly `total`, or when `totalIsExact` is false at least `total` (see {@link EXACT_TOTAL_BOUND}). */
export type SearchTotal = { total: number; totalIsExact: boolean };

/** One page of matching property ids in order, and how many properties match in all. */
export type PropertySearchResult = { ids: string[] } & SearchTotal;

/**
 * One page of matching properties in order (the rows the caller sees), the sort position of each (to page on
 * from it), and how many match in all.
 */
export type PropertySearchPage = { rows: PropertyRow[]; positions: SortPosition[] } & SearchTotal;
