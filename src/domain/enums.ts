/**
 * The enumerations of the published v1 API. Values are the exact strings existing v1 clients read and send;
 * changing one breaks them. Each array is the single source for its union type, for zod enums and for
 * GraphQL enum registration.
 */

/** `status.current` of classifieds and properties. */
export const LISTING_STATUSES = ["available", "underOffer", "sold", "rented", "removed"] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];

/** `transaction.type`. */
export const TRANSACTION_TYPES = ["sale", "rent"] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

/** `property.type`. */
export const PROPERTY_TYPES = ["apartment", "house", "building", "land", "office", "parking", "premises", "shop", "program", "other"] as const;
export type PropertyType = (typeof PROPERTY_TYPES)[number];

/** `publisher.type`. */
export const PUBLISHER_TYPES = ["agency", "mandatary"] as const;
export type PublisherType = (typeof PUBLISHER_TYPES)[number];

/** `energy.dpe.label` and `energy.ges.label`: lower-case letters, best (a) to worst (g). */
export const ENERGY_LABELS = ["a", "b", "c", "d", "e", "f", "g"] as const;
export type EnergyLabel = (typeof ENERGY_LABELS)[number];

/** `energy.heating.source`. */
export const HEATING_SOURCES = ["aerothermal", "biomass", "coal", "electricity", "fuel", "gas", "geothermal", "pellet", "solar", "wood"] as const;
export type HeatingSource = (typeof HEATING_SOURCES)[number];

/** `energy.heating.system`. */
export const HEATING_SYSTEMS = ["fireplace", "floor", "radiator", "reversibleAirConditioning", "stove"] as const;
export type HeatingSystem = (typeof HEATING_SYSTEMS)[number];

/** `energy.heating.type`. */
export const HEATING_TYPES = ["city", "individual", "mixed", "shared"] as const;
export type HeatingType = (typeof HEATING_TYPES)[number];

/** `property.orientation`. */
export const ORIENTATIONS = ["north", "northEast", "east", "southEast", "south", "southWest", "west", "northWest"] as const;
export type Orientation = (typeof ORIENTATIONS)[number];

/** `meta.subscriptionPlan`. The plan governs rate limits and pagination caps. */
export const SUBSCRIPTION_PLANS = ["free", "starter30", "growth100", "pro200", "enterprise500"] as const;
export type SubscriptionPlan = (typeof SUBSCRIPTION_PLANS)[number];

/** Scopes an access token may carry. */
export const TOKEN_SCOPES = ["read", "ingest", "webhooks", "admin"] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];

/** Kinds of change recorded in the event stream. */
export const EVENT_TYPES = ["created", "updated", "removed"] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** Resources an event can describe. */
export const EVENT_RESOURCES = ["classified", "property"] as const;
export type EventResource = (typeof EVENT_RESOURCES)[number];

/**
 * Type guard: is `value` one of the members of `values`? Lets callers narrow a string read from input to an
 * enumeration's union type without a cast.
 */
export function isOneOf<const T extends readonly string[]>(values: T, value: unknown): value is T[number] {
  return typeof value === "string" && values.some((member) => member === value);
}
