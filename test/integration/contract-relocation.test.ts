import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ClassifiedRow } from "../../src/db/schema/index.js";
import type { Contract } from "../../src/domain/contract.js";
import { getProperty } from "../../src/modules/properties/properties.service.js";
import { createRequestContext } from "../../src/modules/request-context.js";
import { searchProperties } from "../../src/modules/search/search.service.js";
import { observation, revise, sameFlat } from "../factories/observations.js";
import { contractOf, viewerWith } from "../factories/viewers.js";
import { createTestDatabase, type TestDatabase } from "../support/database.js";
import { classifiedOf, ingest } from "./ingest.helpers.js";

const silent = { debug() {}, info() {}, warn() {}, error() {} };
const CHAMBERY = { postcode: "73000", city: { name: "Chambéry" }, latitude: 45.566, longitude: 5.921 };
const PARIS = { postcode: "75011", city: { name: "Paris" }, latitude: 48.857, longitude: 2.379 };

/**
 * The leak found by outside testing: two listings of one property in department 73, one of them moved to 75 by a
 * later observation. A property then held listings of two departments and was judged on its one stored
 * department: a 75-only token saw the hidden 73 listing's price, and a 73-only token lost its own listing's
 * property. Grouping never leaves a property across two communes now (a relocated listing leaves its property),
 * so each contract sees exactly the listings it may.
 */
describe("contracts after a listing is relocated to another department", () => {
  let database: TestDatabase;
  let stayed: ClassifiedRow;
  let moved: ClassifiedRow;
  const context = (contract: Contract) =>
    createRequestContext({ db: database.db, primaryDb: database.db, viewer: viewerWith(contract), requestId: "test", logger: silent });

  beforeAll(async () => {
    database = await createTestDatabase();
    const first = observation({ observedAt: "2026-11-20T08:00:00Z", location: CHAMBERY, transaction: { price: 390_000 } });
    const second = sameFlat(first, {
      observedAt: "2026-11-20T09:00:00Z",
      source: { domain: "leboncoin.fr", url: "https://www.leboncoin.fr/ventes_immobilieres/73001.htm" },
      transaction: { price: 391_000 },
    });
    await ingest(database.db, [first, second]);
    expect((await classifiedOf(database.db, second)).propertyId).toBe((await classifiedOf(database.db, first)).propertyId);
    await ingest(database.db, [revise(second, { observedAt: "2026-11-22T08:00:00Z", location: PARIS })]);
    stayed = await classifiedOf(database.db, first);
    moved = await classifiedOf(database.db, second);
  });
  afterAll(async () => {
    await database.close();
  });

  it("shows a 75-only token its listing's property with that listing's price, never the 73 listing's", async () => {
    const property = await getProperty(context(contractOf(["75"])), moved.propertyId);
    expect(property).toMatchObject({ department: "75", priceCurrent: 391_000, sourceDomains: ["leboncoin.fr"] });
    expect(await getProperty(context(contractOf(["75"])), stayed.propertyId)).toBeNull();
    const at390 = await searchProperties(database.db, contractOf(["75"]), {
      transactionType: "sale",
      transactionPriceMin: 390_000,
      transactionPriceMax: 390_000,
    });
    expect(at390.total).toBe(0);
    const at391 = await searchProperties(database.db, contractOf(["75"]), {
      transactionType: "sale",
      transactionPriceMin: 391_000,
      transactionPriceMax: 391_000,
    });
    expect(at391.ids).toEqual([moved.propertyId]);
  });

  it("still gives a 73-only token the property of its own listing", async () => {
    const property = await getProperty(context(contractOf(["73"])), stayed.propertyId);
    expect(property).toMatchObject({ department: "73", priceCurrent: 390_000, sourceDomains: ["seloger.com"] });
    const at391 = await searchProperties(database.db, contractOf(["73"]), {
      transactionType: "sale",
      transactionPriceMin: 391_000,
      transactionPriceMax: 391_000,
    });
    expect(at391.total).toBe(0);
  });
});
