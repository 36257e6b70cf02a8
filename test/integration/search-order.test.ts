import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Contract } from "../../src/domain/contract.js";
import { searchProperties, searchPropertiesPage } from "../../src/modules/search/search.service.js";
import {
  PROPERTY_SEARCH_SORT_FIELDS,
  SORT_ORDERS,
  type PropertySearchFilter,
  type PropertySearchSort,
  type SortPosition,
} from "../../src/modules/search/search.types.js";
import { rowsOf } from "../../src/db/result-rows.js";
import { buildSearchFixtures, insertSearchFixtures, SEARCH_PUBLISHERS, type SearchFixture } from "../factories/search-properties.js";
import { contractOf, EVERYWHERE } from "../factories/viewers.js";
import { createTestDatabase, type TestDatabase } from "../support/database.js";

const PROPERTY_COUNT = 300;

/** ORDER BY written by hand for each sort (nullable keys last in both directions, then id). */
const ORDER_SQL: Record<string, (direction: string) => string> = {
  firstSeenAt: (d) => `first_seen_at ${d}, id ${d}`,
  lastSeenAt: (d) => `last_seen_at ${d}, id ${d}`,
  lastUpdatedAt: (d) => `last_modified_at ${d}, id ${d}`,
  price: (d) => `price_current ${d}, id ${d}`,
  priceChangeDate: (d) => `price_changed_at is null, price_changed_at ${d}, id ${d}`,
  pricePerSquareMeter: (d) => `price_per_square_meter is null, price_per_square_meter ${d}, id ${d}`,
  // Without a text query, relevance orders like firstSeenAt.
  relevance: (d) => `first_seen_at ${d}, id ${d}`,
};

const [first, second, third] = SEARCH_PUBLISHERS;

describe("property search: order, pages and contract", () => {
  let database: TestDatabase;
  let fixtures: SearchFixture[];

  beforeAll(async () => {
    database = await createTestDatabase();
    fixtures = buildSearchFixtures(PROPERTY_COUNT, 11);
    await insertSearchFixtures(database.db, fixtures);
  });
  afterAll(async () => {
    await database?.close();
  });

  const sorts = PROPERTY_SEARCH_SORT_FIELDS.flatMap((by) => SORT_ORDERS.map((order): PropertySearchSort => ({ by, order })));

  it.each(sorts)("sorts by $by $order, ties broken by id", async (sort) => {
    const orderSql = ORDER_SQL[sort.by]?.(sort.order);
    const expected = rowsOf<{ id: string }>(
      await database.db.execute(sql.raw(`select id from properties where transaction_type = 'sale' order by ${orderSql}`)),
    ).map((row) => row.id);
    const result = await searchProperties(database.db, EVERYWHERE, { transactionType: "sale" }, sort, { offset: 0, limit: 1_000 });
    expect(result.ids).toEqual(expected);
  });

  it("has ties on the sort keys, so the id tie-break is exercised", async () => {
    const [ties] = rowsOf<{ dates: number; prices: number; rows: number }>(
      await database.db.execute(
        sql.raw("select count(distinct first_seen_at)::int as dates, count(distinct price_current)::int as prices, count(*)::int as rows from properties"),
      ),
    );
    expect(ties?.dates).toBeLessThan(ties?.rows ?? 0);
    expect(ties?.prices).toBeLessThan(ties?.rows ?? 0);
  });

  it.each<PropertySearchSort>([
    { by: "firstSeenAt", order: "desc" },
    { by: "price", order: "asc" },
    { by: "priceChangeDate", order: "asc" },
    { by: "pricePerSquareMeter", order: "desc" },
  ])("pages by $by $order concatenate to the full list, without repeats", async (sort) => {
    const filter: PropertySearchFilter = { propertyTypes: ["apartment", "house", "land", "shop", "other"] };
    const full = await searchProperties(database.db, EVERYWHERE, filter, sort, { offset: 0, limit: 1_000 });
    const pages: string[] = [];
    for (let offset = 0; ; offset += 7) {
      const page = await searchProperties(database.db, EVERYWHERE, filter, sort, { offset, limit: 7 });
      expect(page.total).toBe(full.total);
      pages.push(...page.ids);
      if (page.ids.length < 7) break;
    }
    expect(pages).toEqual(full.ids);
    expect(new Set(pages).size).toBe(pages.length);
    const beyond = await searchProperties(database.db, EVERYWHERE, filter, sort, { offset: full.total + 20, limit: 7 });
    expect(beyond).toEqual({ ids: [], total: full.total, totalIsExact: true });
    // A page of size 0 still counts (GraphQL `first: 0` asks only for totalCount).
    expect(full.total).toBeGreaterThan(0);
    expect(await searchProperties(database.db, EVERYWHERE, filter, sort, { offset: 0, limit: 0 })).toEqual({ ids: [], total: full.total, totalIsExact: true });
  });

  it.each(
    sorts.flatMap((sort) => [
      { ...sort, searchQuery: undefined },
      { ...sort, searchQuery: "maison jardin" },
    ]),
  )("pages after the last position ($by $order, text $searchQuery) give the same list as counting, under any contract", async ({ by, order, searchQuery }) => {
    const sort: PropertySearchSort = { by, order };
    for (const contract of [EVERYWHERE, contractOf(["75", "92", "69"], { sirens: [first.siren] })]) {
      const filter: PropertySearchFilter = { searchQuery };
      const full = await searchProperties(database.db, contract, filter, sort, { offset: 0, limit: 1_000 });
      const paged: string[] = [];
      let after: SortPosition | undefined;
      for (;;) {
        const page = await searchPropertiesPage(database.db, contract, filter, sort, { offset: paged.length, limit: 9, after });
        expect(page.total).toBe(full.total);
        paged.push(...page.rows.map((row) => row.id));
        after = page.positions.at(-1);
        if (page.rows.length < 9) break;
      }
      expect(paged).toEqual(full.ids);
      expect(full.ids.length).toBeGreaterThan(9);
    }
  });

  it("refuses a position whose sort key is not one it wrote, as bad input rather than an SQL error", async () => {
    const id = fixtures[0]?.property.id ?? "";
    for (const key of ["2026-01-01", "1e400", "12; drop table properties", "NaN", "", " 1"]) {
      for (const by of ["firstSeenAt", "price", "relevance"] as const) {
        const search = searchPropertiesPage(
          database.db,
          EVERYWHERE,
          { searchQuery: "jardin" },
          { by, order: "desc" },
          { offset: 20, limit: 5, after: { key, id } },
        );
        await expect(search).rejects.toMatchObject({ code: "BAD_USER_INPUT" });
      }
    }
  });

  /** The contract rule in plain code, over the fixtures in memory: visible when one classified is. */
  function visibleIds(contract: Contract, keep: (fixture: SearchFixture) => boolean = () => true): string[] {
    const publishersListed = contract.sirens.length > 0 || contract.sirets.length > 0;
    return fixtures
      .filter((fixture) =>
        fixture.classifieds.some(
          (c) =>
            (contract.allDepartments || contract.departments.includes(c.department)) &&
            (!publishersListed ||
              (c.publisherSiren != null && contract.sirens.includes(c.publisherSiren)) ||
              (c.publisherSiret != null && contract.sirets.includes(c.publisherSiret))),
        ),
      )
      .filter(keep)
      .map((fixture) => fixture.property.id)
      .sort();
  }

  it.each<{ name: string; contract: Contract; filter: PropertySearchFilter; keep?: (f: SearchFixture) => boolean }>([
    {
      name: "departments, intersected with the requested ones",
      contract: contractOf(["75", "92"]),
      filter: { locationDepartments: ["92", "69"] },
      keep: (f) => f.property.department !== "75",
    },
    { name: "departments only", contract: contractOf(["13", "2A", "971"]), filter: {} },
    { name: "one SIREN in three departments", contract: contractOf(["75", "92", "69"], { sirens: [first.siren] }), filter: {} },
    { name: "SIRETs everywhere", contract: { allDepartments: true, departments: [], sirens: [], sirets: [second.siret, third.siret] }, filter: {} },
    {
      name: "SIRENs and SIRETs",
      contract: contractOf(["33", "75", "13"], { sirens: [third.siren], sirets: [first.siret] }),
      filter: { transactionType: "sale" },
      keep: (f) => f.property.transactionType === "sale",
    },
    { name: "no department", contract: contractOf([]), filter: {} },
  ])("contract as an implicit filter: $name", async ({ contract, filter, keep }) => {
    const expected = visibleIds(contract, keep);
    const result = await searchProperties(database.db, contract, filter, { by: "price", order: "asc" }, { offset: 0, limit: 1_000 });
    expect(result.total).toBe(expected.length);
    expect([...result.ids].sort()).toEqual(expected);
    if (contract.departments.length > 0) {
      expect(expected.length).toBeGreaterThan(0);
      expect(expected.length).toBeLessThan(PROPERTY_COUNT);
    }
  });

  it("never shows a property outside the contract, whatever the text, filters and page", async () => {
    const contract = contractOf(["75", "69"], { sirens: [second.siren] });
    const allowed = new Set(visibleIds(contract));
    for (const searchQuery of [undefined, "jardin", "maison avec piscine", "vitrinne"]) {
      for (const offset of [0, 5]) {
        const result = await searchProperties(
          database.db,
          contract,
          { searchQuery, locationDepartments: ["75", "92", "13"] },
          { by: "relevance", order: "desc" },
          { offset, limit: 5 },
        );
        for (const id of result.ids) expect(allowed.has(id)).toBe(true);
      }
    }
  });
});
