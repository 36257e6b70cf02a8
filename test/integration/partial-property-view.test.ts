import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ClassifiedRow, PropertyRow } from "../../src/db/schema/index.js";
import type { Contract } from "../../src/domain/contract.js";
import { getProperty } from "../../src/modules/properties/properties.service.js";
import { createRequestContext } from "../../src/modules/request-context.js";
import { searchProperties } from "../../src/modules/search/search.service.js";
import type { PropertySearchFilter } from "../../src/modules/search/search.types.js";
import { observation, sameFlat } from "../factories/observations.js";
import { EVERYWHERE, contractOf, viewerWith } from "../factories/viewers.js";
import { createTestDatabase, type TestDatabase } from "../support/database.js";
import { classifiedOf, ingest, propertyById } from "./ingest.helpers.js";

const silent = { debug() {}, info() {}, warn() {}, error() {} };

/**
 * One flat listed by two agencies: on seloger.com at 650,000 (first seen on the 20th), on leboncoin.fr at
 * 640,000 with a slightly different area and text (the 21st). Grouped into one property whose stored row
 * derives from both.
 */
describe("properties under a contract restricted to publishers", () => {
  let database: TestDatabase;
  let seloger: ClassifiedRow;
  let leboncoin: ClassifiedRow;
  let stored: PropertyRow;

  const onlySeloger = (): Contract => contractOf(["75"], { sirens: [seloger.publisherSiren!] });
  const both = (): Contract => contractOf(["75"], { sirets: [seloger.publisherSiret!, leboncoin.publisherSiret!] });
  const seenBy = (contract: Contract) =>
    getProperty(createRequestContext({ db: database.db, primaryDb: database.db, viewer: viewerWith(contract), requestId: "test", logger: silent }), stored.id);
  const found = async (contract: Contract, filter: PropertySearchFilter) => (await searchProperties(database.db, contract, filter)).ids.includes(stored.id);

  beforeAll(async () => {
    database = await createTestDatabase();
    const first = observation({ observedAt: "2026-11-20T08:00:00Z", title: "Appartement T2 rue Oberkampf" });
    const second = sameFlat(first, {
      observedAt: "2026-11-21T08:00:00Z",
      source: { domain: "leboncoin.fr", url: "https://www.leboncoin.fr/ventes_immobilieres/771.htm" },
      title: "Deux pièces traversant, métro Voltaire",
      description: "Au 3e étage avec ascenseur.",
      property: { area: 43 },
      transaction: { price: 640_000 },
    });
    await ingest(database.db, [first]);
    await ingest(database.db, [second]);
    seloger = await classifiedOf(database.db, first);
    leboncoin = await classifiedOf(database.db, second);
    expect(leboncoin.propertyId).toBe(seloger.propertyId);
    expect(leboncoin.publisherSiren).not.toBe(seloger.publisherSiren);
    stored = await propertyById(database.db, seloger.propertyId);
    expect(stored).toMatchObject({ priceCurrent: 640_000, sourceDomains: ["leboncoin.fr", "seloger.com"], leadClassifiedId: leboncoin.id });
  });
  afterAll(async () => {
    await database.close();
  });

  it("shows the property as its visible classifieds describe it, nothing of the others", async () => {
    const property = await seenBy(onlySeloger());
    expect(property).toMatchObject({
      id: stored.id,
      leadClassifiedId: seloger.id,
      status: "available",
      description: seloger.description,
      area: seloger.area,
      priceInitial: 650_000,
      priceCurrent: 650_000,
      pricePerSquareMeter: Math.round(650_000 / seloger.area!),
      priceHistory: [{ value: 650_000, timestamp: "2026-11-20T08:00:00.000Z" }],
      priceChangedAt: null,
      sourceDomains: ["seloger.com"],
      sourceDomainsCount: 1,
      firstSeenAt: new Date("2026-11-20T08:00:00Z"),
      lastSeenAt: new Date("2026-11-20T08:00:00Z"),
    });
    expect(property?.searchText).not.toMatch(/voltaire/i);
  });

  it("filters and counts on what the caller sees", async () => {
    expect(await found(onlySeloger(), { transactionPriceMax: 645_000 })).toBe(false);
    expect(await found(onlySeloger(), { transactionPriceMin: 645_000 })).toBe(true);
    expect(await found(onlySeloger(), { sourceDomains: ["leboncoin.fr"] })).toBe(false);
    expect(await found(onlySeloger(), { sourceDomainsCountMin: 2 })).toBe(false);
    expect(await found(onlySeloger(), { transactionPriceHasChanged: true })).toBe(false);
    expect(await found(onlySeloger(), { searchQuery: "voltaire" })).toBe(false);
    expect(await found(onlySeloger(), { searchQuery: "oberkampf" })).toBe(true);
    // Everything is visible to an unrestricted contract, and the stored row answers.
    expect(await found(EVERYWHERE, { transactionPriceMax: 645_000, searchQuery: "voltaire" })).toBe(true);
  });

  it("derives by the ingest rule: with every classified visible it matches the stored row", async () => {
    const property = await seenBy(both());
    const { priceHistory: _h, priceInitial: _i, priceChangedAt: _c, lastModifiedAt: _m, searchText: _t, ...sameRule } = stored;
    expect(property).toMatchObject(sameRule);
    expect(await found(both(), { transactionPriceMax: 645_000, sourceDomainsCountMin: 2, searchQuery: "voltaire" })).toBe(true);
  });

  it("is absent for a contract that sees none of its classifieds", async () => {
    expect(await seenBy(contractOf(["75"], { sirens: ["732829320"] }))).toBeNull();
    expect(await found(contractOf(["75"], { sirens: ["732829320"] }), {})).toBe(false);
  });
});
