import { describe, expect, it } from "vitest";
import {
  ENERGY_LABELS,
  EVENT_RESOURCES,
  EVENT_TYPES,
  HEATING_SOURCES,
  HEATING_SYSTEMS,
  HEATING_TYPES,
  isOneOf,
  LISTING_STATUSES,
  ORIENTATIONS,
  PROPERTY_TYPES,
  PUBLISHER_TYPES,
  SUBSCRIPTION_PLANS,
  TOKEN_SCOPES,
  TRANSACTION_TYPES,
} from "../../src/domain/enums.js";

describe("v1 enumerations", () => {
  // The published values, copied from the v1 API facts: a v1 client breaks if any of them changes.
  it.each<[string, readonly string[], string[]]>([
    ["status.current", LISTING_STATUSES, ["available", "underOffer", "sold", "rented", "removed"]],
    ["transaction.type", TRANSACTION_TYPES, ["sale", "rent"]],
    ["property.type", PROPERTY_TYPES, ["apartment", "house", "building", "land", "office", "parking", "premises", "shop", "program", "other"]],
    ["publisher.type", PUBLISHER_TYPES, ["agency", "mandatary"]],
    ["energy labels", ENERGY_LABELS, ["a", "b", "c", "d", "e", "f", "g"]],
    ["heating.source", HEATING_SOURCES, ["aerothermal", "biomass", "coal", "electricity", "fuel", "gas", "geothermal", "pellet", "solar", "wood"]],
    ["heating.system", HEATING_SYSTEMS, ["fireplace", "floor", "radiator", "reversibleAirConditioning", "stove"]],
    ["heating.type", HEATING_TYPES, ["city", "individual", "mixed", "shared"]],
    ["orientation", ORIENTATIONS, ["north", "northEast", "east", "southEast", "south", "southWest", "west", "northWest"]],
    ["subscriptionPlan", SUBSCRIPTION_PLANS, ["free", "starter30", "growth100", "pro200", "enterprise500"]],
    ["token scopes", TOKEN_SCOPES, ["read", "ingest", "webhooks", "admin"]],
    ["event types", EVENT_TYPES, ["created", "updated", "removed"]],
    ["event resources", EVENT_RESOURCES, ["classified", "property"]],
  ])("%s", (_name, values, published) => {
    expect([...values]).toEqual(published);
  });
});

describe("isOneOf", () => {
  it.each<[readonly string[], unknown, boolean]>([
    [PROPERTY_TYPES, "apartment", true],
    [PROPERTY_TYPES, "Apartment", false],
    [PROPERTY_TYPES, " apartment", false],
    [LISTING_STATUSES, "underOffer", true],
    [LISTING_STATUSES, "underoffer", false],
    [ENERGY_LABELS, "h", false],
    [ENERGY_LABELS, "", false],
    [ENERGY_LABELS, null, false],
    [ENERGY_LABELS, 1, false],
    [TRANSACTION_TYPES, ["sale"], false],
  ])("%j has %j: %s", (values, candidate, expected) => {
    expect(isOneOf(values, candidate)).toBe(expected);
  });
});
