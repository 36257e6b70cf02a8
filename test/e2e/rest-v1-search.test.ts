import { sql, type SQL } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PLACES, createListing } from "../factories/listings.js";
import { insertGeneratedListings } from "../factories/generated-listings.js";
import { EVERYWHERE, contractOf, createBearer } from "../factories/viewers.js";
import * as published from "../support/published-v1-schemas.js";
import { startV1Harness, type V1Harness } from "./rest-v1-harness.js";

/**
 * `POST /properties/search` against a direct SQL count of the same generated data: each v1 filter must select
 * exactly the properties its plain-SQL meaning selects, and each sort must order them the same way.
 */

let h: V1Harness;
let everywhere: string;
let limited: string;
const BASE = { transactionType: "sale", propertyTypes: ["apartment", "house", "land"] };
const BASE_SQL = sql`p.transaction_type = 'sale' and p.property_type in ('apartment', 'house', 'land')`;
/** Departments 75 and 69, publisher SIREN 552100554 only. */
const LIMITED_SQL = sql`exists (select 1 from classifieds c where c.property_id = p.id and c.department in ('75', '69')
  and c.publisher_siren = '552100554')`;

function rowsOf(result: unknown): Record<string, unknown>[] {
  const rows: unknown = Array.isArray(result) ? result : typeof result === "object" && result !== null && "rows" in result ? result.rows : [];
  return Array.isArray(rows) ? rows.filter((row): row is Record<string, unknown> => typeof row === "object" && row !== null) : [];
}

async function sqlIds(where: SQL, orderBy: SQL = sql`p.first_seen_at desc, p.id desc`, contract: SQL = sql`true`): Promise<string[]> {
  const result = await h.database.db.execute(sql`select p.id from properties p where ${BASE_SQL} and ${where} and ${contract} order by ${orderBy}`);
  return rowsOf(result).map((row) => String(row["id"]));
}

type SearchPage = { items: { id: string }[]; meta: { total: number; page: number; nextPage: number | null; totalPages: number } };

async function search(token: string, body: Record<string, unknown>): Promise<SearchPage> {
  const res = await h.call("/properties/search", { token, body: { ...BASE, ...body } });
  expect(res.status).toBe(200);
  expect(published.PropertySearch200Response.safeParse(res.body).error).toBeUndefined();
  return res.body as SearchPage; // validated by the published schema just above
}

beforeAll(async () => {
  h = await startV1Harness();
  const db = h.database.db;
  await insertGeneratedListings(db, { properties: 400, seed: 11, maxClassifiedsPerProperty: 3 });
  // Some properties never changed price: transactionPriceHasChanged must tell them apart.
  await db.execute(sql`update properties set price_changed_at = null where room_count % 2 = 1`);
  // The generator leaves these flags constant: vary them, unknown (null) included.
  await db.execute(sql`update properties set
    elevator_exists = case when area::int % 3 = 0 then null else area::int % 2 = 0 end,
    garden_exists = (bedroom_count % 2 = 0),
    garage_exists = case when room_count % 3 = 0 then null else room_count % 3 = 1 end,
    cellar_exists = case when area::int % 5 = 0 then false else true end`);
  // Each classified says what its property says, so that a property seen through some of its classifieds (a
  // contract narrowed to a publisher derives it from those only: partial-property-view.test.ts) keeps the
  // stored values these plain-SQL oracles read.
  await db.execute(sql`update classifieds c set
    status = p.status, department = p.department, insee_code = p.insee_code, postcode = p.postcode,
    latitude = p.latitude, longitude = p.longitude, area = p.area, room_count = p.room_count,
    bedroom_count = p.bedroom_count, price_initial = p.price_initial, price_current = p.price_current,
    first_seen_at = p.first_seen_at, last_seen_at = p.last_seen_at, last_modified_at = p.last_modified_at
    from properties p where c.property_id = p.id`);
  // Texts for the French text search.
  await createListing(db, { place: PLACES[2], property: { searchText: "Jolie chaumière normande avec piscine chauffée" } });
  await createListing(db, { place: PLACES[3], property: { searchText: "Péniche aménagée, quai de la Garonne, piscines municipales proches" } });
  everywhere = await createBearer(db, EVERYWHERE, "enterprise500");
  limited = await createBearer(db, contractOf(["75", "69"], { sirens: ["552100554"] }), "enterprise500");
}, 120_000);

afterAll(async () => {
  await h?.close();
});

const haversineMeters = (lat: number, lng: number) => sql`2 * 6371008.8 * asin(sqrt(
  power(sin(radians(p.latitude - ${lat}::float8) / 2), 2) +
  cos(radians(${lat}::float8)) * cos(radians(p.latitude)) * power(sin(radians(p.longitude - ${lng}::float8) / 2), 2)))`;

const FILTERS: readonly [string, Record<string, unknown>, SQL][] = [
  ["no filter", {}, sql`true`],
  ["departments", { locationDepartments: ["75", "13"] }, sql`p.department in ('75', '13')`],
  ["INSEE codes", { locationInseeCodes: ["69383"] }, sql`p.insee_code = '69383'`],
  ["postcodes", { locationPostcodes: ["33000", "20000"] }, sql`p.postcode in ('33000', '20000')`],
  [
    "bounding box",
    { locationGeoBbox: { sw: { lat: 48.8, lng: 2.2 }, ne: { lat: 48.9, lng: 2.5 } } },
    sql`p.latitude between 48.8 and 48.9 and p.longitude between 2.2 and 2.5`,
  ],
  ["circle", { locationGeoCircle: { center: { lat: 45.76, lng: 4.84 }, radiusMeters: 20_000 } }, sql`${haversineMeters(45.76, 4.84)} <= 20000`],
  ["price range", { transactionPriceMin: 200_000, transactionPriceMax: 800_000 }, sql`p.price_current between 200000 and 800000`],
  ["area range", { propertyAreaMin: 50, propertyAreaMax: 120 }, sql`p.area between 50 and 120`],
  ["bedrooms", { propertyBedroomCountMin: 3 }, sql`p.bedroom_count >= 3`],
  ["rooms", { propertyRoomCountMin: 4 }, sql`p.room_count >= 4`],
  ["balcony", { propertyBalconyExists: true }, sql`p.balcony_exists`],
  ["no balcony", { propertyBalconyExists: false }, sql`p.balcony_exists is not true`],
  ["terrace", { propertyTerraceExists: true }, sql`p.terrace_exists`],
  ["parking", { propertyParkingExists: true }, sql`p.parking_exists`],
  ["no parking", { propertyParkingExists: false }, sql`p.parking_exists is not true`],
  ["cellar", { propertyCellarExists: true }, sql`p.cellar_exists`],
  ["elevator", { propertyElevatorExists: true }, sql`p.elevator_exists`],
  ["no elevator", { propertyElevatorExists: false }, sql`p.elevator_exists is not true`],
  ["garage", { propertyGarageExists: true }, sql`p.garage_exists`],
  ["no garage", { propertyGarageExists: false }, sql`p.garage_exists is not true`],
  ["no cellar", { propertyCellarExists: false }, sql`p.cellar_exists is not true`],
  ["garden", { propertyGardenExists: true }, sql`p.garden_exists`],
  ["no garden", { propertyGardenExists: false }, sql`p.garden_exists is not true`],
  ["swimming pool", { propertySwimmingPoolExists: false }, sql`p.swimming_pool_exists is not true`],
  ["program", { propertyIsProgram: false }, sql`p.is_program is not true`],
  ["price changed", { transactionPriceHasChanged: true }, sql`p.price_changed_at is not null`],
  ["price never changed", { transactionPriceHasChanged: false }, sql`p.price_changed_at is null`],
  ["DPE labels", { energyDpeLabels: ["a", "b", "c"] }, sql`p.dpe_label in ('a', 'b', 'c')`],
  ["GES labels", { energyGesLabels: ["d"] }, sql`p.ges_label = 'd'`],
  ["source domains", { sourceDomains: ["pap.fr"] }, sql`'pap.fr' = any(p.source_domains)`],
  ["at least two portals", { sourceDomainsCountMin: 2 }, sql`p.source_domains_count >= 2`],
  ["at most one portal", { sourceDomainsCountMax: 1 }, sql`p.source_domains_count <= 1`],
  [
    "everything together",
    {
      locationDepartments: ["75", "69", "13", "33"],
      transactionPriceMax: 1_200_000,
      propertyBalconyExists: true,
      energyDpeLabels: ["a", "b", "c", "d"],
      sourceDomainsCountMin: 1,
    },
    sql`p.department in ('75', '69', '13', '33') and p.price_current <= 1200000 and p.balcony_exists and p.dpe_label in ('a', 'b', 'c', 'd') and p.source_domains_count >= 1`,
  ],
];

describe("filters select what their SQL meaning selects", () => {
  it.each(FILTERS)("%s", async (_name, body, where) => {
    const expected = await sqlIds(where);
    expect(expected.length).toBeGreaterThan(0);
    const page = await search(everywhere, body);
    expect(page.meta.total).toBe(expected.length);
    expect(page.items.map((item) => item.id)).toEqual(expected.slice(0, 20));
    expect(page.meta.totalPages).toBe(Math.ceil(expected.length / 20));
    expect(page.meta.nextPage).toBe(expected.length > 20 ? 2 : null);
  });

  it.each(FILTERS.slice(0, 8))("%s, intersected with a limited contract", async (_name, body, where) => {
    const expected = await sqlIds(where, undefined, LIMITED_SQL);
    const page = await search(limited, body);
    expect(page.meta.total).toBe(expected.length);
    expect(page.items.map((item) => item.id)).toEqual(expected.slice(0, 20));
  });
});

const SORTS: readonly [string, string, SQL][] = [
  ["firstSeenAt", "asc", sql`p.first_seen_at asc, p.id asc`],
  ["firstSeenAt", "desc", sql`p.first_seen_at desc, p.id desc`],
  ["lastSeenAt", "desc", sql`p.last_seen_at desc, p.id desc`],
  ["lastUpdatedAt", "asc", sql`p.last_modified_at asc, p.id asc`],
  ["price", "asc", sql`p.price_current asc, p.id asc`],
  ["price", "desc", sql`p.price_current desc, p.id desc`],
  ["pricePerSquareMeter", "asc", sql`p.price_per_square_meter asc nulls last, p.id asc`],
  ["priceChangeDate", "desc", sql`p.price_changed_at desc nulls last, p.id desc`],
  ["priceChangeDate", "asc", sql`p.price_changed_at asc nulls last, p.id asc`],
];

describe("sorts order like their SQL meaning, page after page", () => {
  it.each(SORTS)("%s %s", async (sortBy, orderBy, order) => {
    const expected = await sqlIds(sql`p.department in ('75', '69')`, order);
    const body = { locationDepartments: ["75", "69"], sortBy, orderBy };
    const first = await search(everywhere, { ...body, page: 1 });
    const second = await search(everywhere, { ...body, page: 2 });
    expect([...first.items, ...second.items].map((item) => item.id)).toEqual(expected.slice(0, 40));
    expect(second.meta.page).toBe(2);
  });

  it("defaults to firstSeenAt desc", async () => {
    const page = await search(everywhere, {});
    expect(page.items.map((item) => item.id)).toEqual((await sqlIds(sql`true`)).slice(0, 20));
  });
});

describe("French text search", () => {
  it("ignores accents and case and matches word forms", async () => {
    for (const query of ["chaumiere", "CHAUMIÈRES", "normandes"]) {
      const page = await search(everywhere, { searchQuery: query });
      expect(page.meta.total).toBe(1);
    }
    const pools = await search(everywhere, { searchQuery: "piscine", sortBy: "relevance" });
    expect(pools.meta.total).toBe(2);
    const boat = await search(everywhere, { searchQuery: "peniches amenagees" });
    expect(boat.meta.total).toBe(1);
  });

  it("tolerates a typo at the default threshold and not at a strict one", async () => {
    expect((await search(everywhere, { searchQuery: "chaumiére normnde" })).meta.total).toBe(1);
    expect((await search(everywhere, { searchQuery: "chaumiére normnde", searchThreshold: 1 })).meta.total).toBe(0);
  });
});
