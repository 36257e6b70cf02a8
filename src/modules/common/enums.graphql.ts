import { registerEnumType } from "type-graphql";
import {
  ENERGY_LABELS,
  HEATING_SOURCES,
  HEATING_SYSTEMS,
  HEATING_TYPES,
  LISTING_STATUSES,
  ORIENTATIONS,
  PROPERTY_TYPES,
  PUBLISHER_TYPES,
  SUBSCRIPTION_PLANS,
  TRANSACTION_TYPES,
} from "../../domain/enums.js";

/**
 * The v1 enumerations as GraphQL enums. Values keep the exact v1 spelling (`underOffer`, `a`), so GraphQL and
 * REST v1 clients read the same strings; each enum's source of truth is its array in src/domain/enums.ts.
 */

/** `{ value: value }` for each member, the enum object shape type-graphql registers. */
function enumObject<const T extends readonly string[]>(values: T): { [K in T[number]]: K } {
  // Object.fromEntries loses the key/value pairing in its type; every key maps to itself by construction.
  return Object.fromEntries(values.map((value) => [value, value])) as { [K in T[number]]: K };
}

export const ListingStatusEnum = enumObject(LISTING_STATUSES);
export const TransactionTypeEnum = enumObject(TRANSACTION_TYPES);
export const PropertyTypeEnum = enumObject(PROPERTY_TYPES);
export const PublisherTypeEnum = enumObject(PUBLISHER_TYPES);
export const EnergyLabelEnum = enumObject(ENERGY_LABELS);
export const HeatingSourceEnum = enumObject(HEATING_SOURCES);
export const HeatingSystemEnum = enumObject(HEATING_SYSTEMS);
export const HeatingTypeEnum = enumObject(HEATING_TYPES);
export const OrientationEnum = enumObject(ORIENTATIONS);
export const SubscriptionPlanEnum = enumObject(SUBSCRIPTION_PLANS);
export const CurrencyEnum = enumObject(["euro"] as const);
export const SquareUnitEnum = enumObject(["squareMeter"] as const);
export const CountryEnum = enumObject(["france"] as const);

registerEnumType(ListingStatusEnum, { name: "ListingStatus", description: "State of a listing (`status.current`)." });
registerEnumType(TransactionTypeEnum, { name: "TransactionType" });
registerEnumType(PropertyTypeEnum, { name: "PropertyType" });
registerEnumType(PublisherTypeEnum, { name: "PublisherType" });
registerEnumType(EnergyLabelEnum, { name: "EnergyLabel", description: "DPE/GES label, best (a) to worst (g)." });
registerEnumType(HeatingSourceEnum, { name: "HeatingSource" });
registerEnumType(HeatingSystemEnum, { name: "HeatingSystem" });
registerEnumType(HeatingTypeEnum, { name: "HeatingType" });
registerEnumType(OrientationEnum, { name: "Orientation" });
registerEnumType(SubscriptionPlanEnum, { name: "SubscriptionPlan" });
registerEnumType(CurrencyEnum, { name: "Currency" });
registerEnumType(SquareUnitEnum, { name: "SquareUnit" });
registerEnumType(CountryEnum, { name: "Country" });
