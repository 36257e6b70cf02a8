import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { searchProperties } from "../../src/modules/search/search.service.js";
import type { GeoCircle, PropertySearchFilter } from "../../src/modules/search/search.types.js";
import { rowsOf } from "../../src/db/result-rows.js";
import { buildSearchFixtures, insertSearchFixtures } from "../factories/search-properties.js";
import { EVERYWHERE } from "../factories/viewers.js";
import { createTestDatabase, type TestDatabase } from "../support/database.js";

const PROPERTY_COUNT = 400;

/** Each filter beside the SQL condition it must be equivalent to, written by hand against the raw columns. */
const CASES: Array<{ name: string; filter: PropertySearchFilter; where: string }> = [
  { name: "transaction type", filter: { transactionType: "rent" }, where: "transaction_type = 'rent'" },
  { name: "property types", filter: { propertyTypes: ["house", "apartment"] }, where: "property_type in ('house', 'apartment')" },
  { name: "departments", filter: { locationDepartments: ["75", "2A"] }, where: "department in ('75', '2A')" },
  { name: "INSEE codes", filter: { locationInseeCodes: ["69383", "33063"] }, where: "insee_code in ('69383', '33063')" },
  { name: "postcodes", filter: { locationPostcodes: ["13001", "97110"] }, where: "postcode in ('13001', '97110')" },
  {
    name: "bounding box",
    filter: { locationGeoBbox: { sw: { lat: 48.8, lng: 2.25 }, ne: { lat: 48.9, lng: 2.4 } } },
    where: "latitude >= 48.8 and latitude <= 48.9 and longitude >= 2.25 and longitude <= 2.4",
  },
  {
    name: "bounding box across the antimeridian",
    filter: { locationGeoBbox: { sw: { lat: 10, lng: 0 }, ne: { lat: 50, lng: -10 } } },
    where: "latitude >= 10 and latitude <= 50 and (longitude >= 0 or longitude <= -10)",
  },
  { name: "price range", filter: { transactionPriceMin: 200_000, transactionPriceMax: 500_000 }, where: "price_current >= 200000 and price_current <= 500000" },
  { name: "area range", filter: { propertyAreaMin: 30, propertyAreaMax: 80 }, where: "area >= 30 and area <= 80" },
  { name: "bedrooms", filter: { propertyBedroomCountMin: 2 }, where: "bedroom_count >= 2" },
  { name: "rooms", filter: { propertyRoomCountMin: 3 }, where: "room_count >= 3" },
  ...(
    [
      ["propertyBalconyExists", "balcony_exists"],
      ["propertyCellarExists", "cellar_exists"],
      ["propertyElevatorExists", "elevator_exists"],
      ["propertyGarageExists", "garage_exists"],
      ["propertyGardenExists", "garden_exists"],
      ["propertyParkingExists", "parking_exists"],
      ["propertySwimmingPoolExists", "swimming_pool_exists"],
      ["propertyTerraceExists", "terrace_exists"],
      ["propertyIsProgram", "is_program"],
    ] as const
  ).flatMap(([flag, column]) => [
    { name: `${flag} true`, filter: { [flag]: true }, where: `${column} = true` },
    { name: `${flag} false (false or not stated)`, filter: { [flag]: false }, where: `(${column} = false or ${column} is null)` },
  ]),
  // The ingest rule: price_history gets an entry each time the derived price moves.
  { name: "price has changed", filter: { transactionPriceHasChanged: true }, where: "jsonb_array_length(price_history) > 1" },
  { name: "price has not changed", filter: { transactionPriceHasChanged: false }, where: "jsonb_array_length(price_history) = 1" },
  { name: "DPE labels", filter: { energyDpeLabels: ["a", "b"] }, where: "dpe_label in ('a', 'b')" },
  { name: "GES labels", filter: { energyGesLabels: ["g"] }, where: "ges_label = 'g'" },
  {
    name: "source domains",
    filter: { sourceDomains: ["pap.fr", "bienici.com"] },
    where: "exists (select 1 from classifieds c where c.property_id = p.id and c.source_domain in ('pap.fr', 'bienici.com'))",
  },
  {
    name: "number of source domains",
    filter: { sourceDomainsCountMin: 2, sourceDomainsCountMax: 2 },
    where: "(select count(distinct c.source_domain) from classifieds c where c.property_id = p.id) = 2",
  },
  {
    name: "many filters at once",
    filter: {
      transactionType: "sale",
      propertyTypes: ["house", "apartment", "land", "other"],
      locationDepartments: ["75", "92", "69"],
      transactionPriceMax: 800_000,
      propertyAreaMin: 20,
      propertyGardenExists: false,
    },
    where:
      "transaction_type = 'sale' and property_type in ('house', 'apartment', 'land', 'other') and department in ('75', '92', '69') and price_current <= 800000 and area >= 20 and garden_exists is distinct from true",
  },
];

describe("property search: filters", () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
    await insertSearchFixtures(database.db, buildSearchFixtures(PROPERTY_COUNT, 7));
  });
  afterAll(async () => {
    await database?.close();
  });

  async function searchAll(filter: PropertySearchFilter): Promise<{ ids: string[]; total: number }> {
    return searchProperties(database.db, EVERYWHERE, filter, { by: "firstSeenAt", order: "desc" }, { offset: 0, limit: 1_000 });
  }

  async function idsWhere(where: string): Promise<string[]> {
    return rowsOf<{ id: string }>(await database.db.execute(sql.raw(`select p.id from properties p where ${where}`))).map((row) => row.id);
  }

  it.each(CASES)("$name", async ({ filter, where }) => {
    const expected = await idsWhere(where);
    // The data must make the filter matter: some properties in, some out.
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(PROPERTY_COUNT);
    const result = await searchAll(filter);
    expect(result.total).toBe(expected.length);
    expect([...result.ids].sort()).toEqual([...expected].sort());
  });

  it.each<GeoCircle>([
    { center: { lat: 48.8593, lng: 2.3795 }, radiusMeters: 5_000 },
    { center: { lat: 48.8353, lng: 2.2411 }, radiusMeters: 50_000 },
    { center: { lat: 43.2999, lng: 5.3841 }, radiusMeters: 3_000 },
    { center: { lat: 16.2411, lng: -61.5331 }, radiusMeters: 7_500 },
  ])("circle of $radiusMeters m around $center.lat, $center.lng", async (circle) => {
    const located = rowsOf<{ id: string; latitude: number; longitude: number }>(
      await database.db.execute(sql.raw("select id, latitude, longitude from properties where latitude is not null")),
    );
    const expected = located.filter((row) => distanceMeters(circle.center, { lat: row.latitude, lng: row.longitude }) <= circle.radiusMeters);
    expect(expected.length).toBeGreaterThan(0);
    const result = await searchAll({ locationGeoCircle: circle });
    expect([...result.ids].sort()).toEqual(expected.map((row) => row.id).sort());
  });

  it("ignores empty lists and accepts any bound without SQL errors", async () => {
    const everything = await searchAll({});
    expect(everything.total).toBe(PROPERTY_COUNT);
    expect((await searchAll({ propertyTypes: [], locationDepartments: [], energyDpeLabels: [], sourceDomains: [] })).total).toBe(PROPERTY_COUNT);
    expect((await searchAll({ transactionPriceMin: -1e15, transactionPriceMax: 1e15, sourceDomainsCountMin: -1e12 })).total).toBe(PROPERTY_COUNT);
    expect((await searchAll({ transactionPriceMin: 1e15 })).total).toBe(0);
    expect((await searchAll({ transactionPriceMax: -1e15 })).total).toBe(0);
    expect((await searchAll({ propertyRoomCountMin: 2.5 })).total).toBe((await idsWhere("room_count >= 3")).length);
    expect((await searchAll({ locationDepartments: ["7\u00005"] })).total).toBe(0);
    expect((await searchAll({ locationGeoCircle: { center: { lat: 89.99, lng: 179.99 }, radiusMeters: 50_000 } })).total).toBe(0);
    expect((await searchAll({ locationGeoBbox: { sw: { lat: 50, lng: 0 }, ne: { lat: 10, lng: 10 } } })).total).toBe(0);
    const clamped = await searchProperties(database.db, EVERYWHERE, {}, { by: "price", order: "asc" }, { offset: -5, limit: 10.7 });
    expect(clamped.ids).toEqual((await searchProperties(database.db, EVERYWHERE, {}, { by: "price", order: "asc" }, { offset: 0, limit: 10 })).ids);
  });
});

/** Great-circle distance (haversine, mean Earth radius), written apart from the SQL under test. */
function distanceMeters(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const radians = (degrees: number) => (degrees * Math.PI) / 180;
  const h = Math.sin(radians(b.lat - a.lat) / 2) ** 2 + Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(radians(b.lng - a.lng) / 2) ** 2;
  return 2 * 6_371_008.8 * Math.asin(Math.min(1, Math.sqrt(h)));
}
