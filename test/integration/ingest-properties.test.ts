import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { observation, removal, revise, sameFlat } from "../factories/observations.js";
import { createTestDatabase, type TestDatabase } from "../support/database.js";
import { classifiedOf, eventsOf, ingest, propertyById, urlOf } from "./ingest.helpers.js";

let listingNumber = 3_000_000;

/** The same flat as `original`, listed on leboncoin by another agency: same photos, area rounded, lower price. */
function onAnotherPortal(original: Record<string, unknown>, overrides: Record<string, unknown> = {}) {
  return sameFlat(original, {
    source: { domain: "leboncoin.fr", url: `https://www.leboncoin.fr/ventes_immobilieres/${(listingNumber += 1)}.htm` },
    title: "Appartement T2 lumineux, métro Voltaire",
    description: "Deux pièces traversant au 3e étage avec ascenseur.",
    property: { area: 43 },
    transaction: { price: 640_000 },
    ...overrides,
  });
}

describe("ingest: grouping classifieds into properties", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it("joins the same flat published on two portals into one property and derives it from both", async () => {
    const seloger = observation({ observedAt: "2026-11-20T08:00:00Z" });
    await ingest(database.db, [seloger]);
    const leboncoin = onAnotherPortal(seloger, { observedAt: "2026-11-21T08:00:00Z" });
    const { summary } = await ingest(database.db, [leboncoin]);
    expect(summary.created).toBe(1);

    const first = await classifiedOf(database.db, seloger);
    const second = await classifiedOf(database.db, leboncoin);
    expect(second.propertyId).toBe(first.propertyId);
    const property = await propertyById(database.db, first.propertyId);
    expect(property).toMatchObject({
      status: "available",
      sourceDomains: ["leboncoin.fr", "seloger.com"],
      sourceDomainsCount: 2,
      priceInitial: 650_000,
      priceCurrent: 640_000,
      priceChangedAt: new Date("2026-11-21T08:00:00Z"),
      // The most recently modified classified leads: its description, area and photos.
      leadClassifiedId: second.id,
      description: "Deux pièces traversant au 3e étage avec ascenseur.",
      area: 43,
      firstSeenAt: new Date("2026-11-20T08:00:00Z"),
      lastSeenAt: new Date("2026-11-21T08:00:00Z"),
    });
    expect(property.priceHistory.map((point) => point.value)).toEqual([650_000, 640_000]);
    expect(property.searchText).toContain("appartement t2 lumineux, metro voltaire");
    expect(property.searchText).toContain("appartement 2 pieces");

    const events = await eventsOf(database.db, property.id);
    expect(events.map((event) => event.type)).toEqual(["created", "updated"]);
    expect(events[1]?.changedFields).toEqual(expect.arrayContaining(["classifieds", "sourceDomains", "priceCurrent", "leadClassifiedId", "images"]));
    expect(events[1]?.sirens).toEqual([first.publisherSiren, second.publisherSiren].sort());
    expect(events[1]?.sourceDomains).toEqual(["leboncoin.fr", "seloger.com"]);
  });

  it("groups two portals' listings of one flat that arrive in the same batch", async () => {
    const seloger = observation({ observedAt: "2026-11-20T08:00:00Z" });
    const leboncoin = onAnotherPortal(seloger, { observedAt: "2026-11-20T09:00:00Z" });
    await ingest(database.db, [seloger, leboncoin]);
    const first = await classifiedOf(database.db, seloger);
    expect((await classifiedOf(database.db, leboncoin)).propertyId).toBe(first.propertyId);
    const property = await propertyById(database.db, first.propertyId);
    expect(property.sourceDomainsCount).toBe(2);
    // One event per resource for the batch: the property is created once.
    expect((await eventsOf(database.db, property.id)).map((event) => event.type)).toEqual(["created"]);
  });

  it("joins listings of one flat whose area a portal leaves out when their photos agree, whichever came first", async () => {
    const withoutArea = observation({ observedAt: "2026-11-20T08:00:00Z", property: { area: null } });
    const laterWithArea = onAnotherPortal(withoutArea, { observedAt: "2026-11-21T08:00:00Z" });
    const withArea = observation({ observedAt: "2026-11-20T08:00:00Z" });
    const laterWithoutArea = onAnotherPortal(withArea, { observedAt: "2026-11-21T08:00:00Z", property: { area: null } });
    // Separate ingests: the second listing of each flat finds the first one stored (in one batch, the listing
    // without an area would widen the search of the other one too).
    await ingest(database.db, [withoutArea, withArea]);
    await ingest(database.db, [laterWithArea]);
    await ingest(database.db, [laterWithoutArea]);
    expect((await classifiedOf(database.db, withoutArea)).area).toBeNull();
    expect((await classifiedOf(database.db, laterWithArea)).propertyId).toBe((await classifiedOf(database.db, withoutArea)).propertyId);
    expect((await classifiedOf(database.db, laterWithoutArea)).propertyId).toBe((await classifiedOf(database.db, withArea)).propertyId);
  });

  it("joins a re-listing by the same agency (same photos and text, same flat)", async () => {
    const original = observation({ observedAt: "2026-11-20T08:00:00Z" });
    const relisted = sameFlat(original, {
      observedAt: "2026-11-22T08:00:00Z",
      source: { domain: "bienici.com", url: `https://www.bienici.com/annonce/vente/paris-11e/${(listingNumber += 1)}` },
      publisher: original["publisher"],
      title: original["title"],
      description: original["description"],
    });
    await ingest(database.db, [original, relisted]);
    expect((await classifiedOf(database.db, relisted)).propertyId).toBe((await classifiedOf(database.db, original)).propertyId);
  });

  it("keeps apart two similar flats of one agency in one commune (the publisher proves nothing)", async () => {
    const original = observation({
      observedAt: "2026-11-20T08:00:00Z",
      property: { floor: null },
      energy: { dpe: { label: "D", value: null }, ges: { label: "E", value: null } },
    });
    const other = observation({
      observedAt: "2026-11-22T08:00:00Z",
      publisher: original["publisher"],
      title: "Deux pièces refait à neuf, quartier Oberkampf",
      description: "Séjour sur cour, cuisine équipée, cave. Idéal premier achat ou investissement locatif, proche commerces.",
      property: { area: 44, floor: null },
      energy: { dpe: { label: "D", value: null }, ges: { label: "E", value: null } },
      transaction: { price: 610_000 },
    });
    await ingest(database.db, [original, other]);
    expect((await classifiedOf(database.db, other)).propertyId).not.toBe((await classifiedOf(database.db, original)).propertyId);
  });

  it("keeps a different flat of the same building and agency apart", async () => {
    const flat = observation({ observedAt: "2026-11-20T08:00:00Z" });
    const otherFlat = observation({
      observedAt: "2026-11-20T09:00:00Z",
      publisher: flat["publisher"],
      location: flat["location"],
      property: { area: 65, roomCount: 3, bedroomCount: 2 },
    });
    await ingest(database.db, [flat, otherFlat]);
    const a = await classifiedOf(database.db, flat);
    const b = await classifiedOf(database.db, otherFlat);
    expect(b.propertyId).not.toBe(a.propertyId);
  });

  it("derives status and price from the active classifieds; all removed makes the property removed", async () => {
    const seloger = observation({ observedAt: "2026-11-20T08:00:00Z" });
    const leboncoin = onAnotherPortal(seloger, { observedAt: "2026-11-21T08:00:00Z" });
    await ingest(database.db, [seloger, leboncoin]);
    const propertyId = (await classifiedOf(database.db, seloger)).propertyId;

    // The cheaper listing goes: the price goes back up to the remaining one's, and it leads again.
    await ingest(database.db, [removal(urlOf(leboncoin), "2026-11-23T08:00:00Z")]);
    let property = await propertyById(database.db, propertyId);
    expect(property).toMatchObject({ status: "available", priceCurrent: 650_000, sourceDomains: ["seloger.com"] });
    expect(property.leadClassifiedId).toBe((await classifiedOf(database.db, seloger)).id);
    expect(property.priceHistory.map((point) => point.value)).toEqual([650_000, 640_000, 650_000]);

    // Under offer on the only active listing: the property takes that status.
    await ingest(database.db, [revise(seloger, { observedAt: "2026-11-24T08:00:00Z", status: "underOffer" })]);
    expect((await propertyById(database.db, propertyId)).status).toBe("underOffer");

    await ingest(database.db, [removal(urlOf(seloger), "2026-11-25T08:00:00Z")]);
    property = await propertyById(database.db, propertyId);
    expect(property.status).toBe("removed");
    const events = await eventsOf(database.db, propertyId);
    expect(events.at(-1)).toMatchObject({ type: "removed", resource: "property", sourceDomains: ["leboncoin.fr", "seloger.com"] });
  });
});
