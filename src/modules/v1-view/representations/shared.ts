import type { ClassifiedImageRow, ClassifiedPriceHistoryRow, ClassifiedRow, PropertyRow } from "../../../db/schema/index.js";
import {
  ENERGY_LABELS,
  LISTING_STATUSES,
  PROPERTY_TYPES,
  PUBLISHER_TYPES,
  TRANSACTION_TYPES,
  isOneOf,
  type EnergyLabel,
  type ListingStatus,
  type PropertyType,
  type PublisherType,
  type TransactionType,
} from "../../../domain/enums.js";

/**
 * Small pieces the v1 representations share. Representations are pure: rows in, the exact v1 JSON out.
 */

/** Drops the keys whose value is undefined, so that an unknown optional field is absent, not `undefined`. */
export function compact<T extends object>(value: T): T {
  for (const key of Object.keys(value) as (keyof T)[]) {
    // Object.keys gives the own keys of T; the cast only restores that knowledge for the index.
    if (value[key] === undefined) delete value[key];
  }
  return value;
}

/** A nullable column as an optional field. */
export function opt<T>(value: T | null): T | undefined {
  return value ?? undefined;
}

export function iso(date: Date): string {
  return date.toISOString();
}

/**
 * A stored enumeration value, narrowed to its union. Ingest only stores published values; anything else is a
 * corrupted row and fails loudly (a server error in the log) rather than reaching clients.
 */
function known<const T extends readonly string[]>(values: T, value: string, field: string): T[number] {
  if (isOneOf(values, value)) return value;
  throw new Error(`stored ${field} "${value}" is not a v1 value`);
}

export const statusOf = (row: { status: string }): { current: ListingStatus } => ({
  current: known(LISTING_STATUSES, row.status, "status"),
});
export const propertyTypeOf = (row: { propertyType: string }): PropertyType => known(PROPERTY_TYPES, row.propertyType, "property type");
export const transactionTypeOf = (row: { transactionType: string }): TransactionType => known(TRANSACTION_TYPES, row.transactionType, "transaction type");
export const publisherTypeOf = (value: string | null): PublisherType | undefined =>
  value === null ? undefined : known(PUBLISHER_TYPES, value, "publisher type");
/** `energy.dpe` or `energy.ges`: `{ label }`, or nothing when the label is unknown. */
export const energyLabelOf = (value: string | null): { label: EnergyLabel } | undefined =>
  value === null ? undefined : { label: known(ENERGY_LABELS, value, "energy label") };

/**
 * `publisher.isProfessional` is required by v1. When the portal did not say, a publisher identified by a
 * SIREN or SIRET is a business, hence professional; otherwise a private seller.
 */
export function isProfessional(row: ClassifiedRow): boolean {
  return row.publisherIsProfessional ?? (row.publisherSiren !== null || row.publisherSiret !== null);
}

export function cityOf(row: ClassifiedRow | PropertyRow): { inseeCode: string; name: string } {
  return { inseeCode: row.inseeCode, name: row.cityName };
}

export function locationWithoutCoordinates(row: ClassifiedRow | PropertyRow) {
  return { city: cityOf(row), country: "france" as const, department: row.department, postcode: row.postcode };
}

export function locationWithCoordinates(row: ClassifiedRow | PropertyRow) {
  return compact({ ...locationWithoutCoordinates(row), latitude: opt(row.latitude), longitude: opt(row.longitude) });
}

/** Oldest first: the order in which the prices were seen. */
export function byObservedAt(rows: readonly ClassifiedPriceHistoryRow[]): ClassifiedPriceHistoryRow[] {
  return [...rows].sort((a, b) => a.observedAt.getTime() - b.observedAt.getTime());
}

export function identifiedHistory(rows: readonly ClassifiedPriceHistoryRow[]) {
  return byObservedAt(rows).map((row) => ({ id: row.id, value: row.value, timestamp: iso(row.observedAt) }));
}

/** In portal order. */
export function byPosition(rows: readonly ClassifiedImageRow[]): ClassifiedImageRow[] {
  return [...rows].sort((a, b) => a.position - b.position);
}

export function plainImages(rows: readonly ClassifiedImageRow[]) {
  return byPosition(rows).map((row) => ({ id: row.id, position: row.position, url: row.url }));
}

export function imagesWithHashes(rows: readonly ClassifiedImageRow[]) {
  return byPosition(rows).map((row) =>
    compact({
      id: row.id,
      position: row.position,
      url: row.url,
      perceptualHash: opt(row.perceptualHash),
      differenceHash: opt(row.differenceHash),
      averageHash: opt(row.averageHash),
    }),
  );
}
