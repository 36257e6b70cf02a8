import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../src/db/client.js";
import { classifieds } from "../../src/db/schema/index.js";
import { revokeToken } from "../../src/modules/auth/auth.repository.js";
import { createToken } from "../../src/modules/auth/auth.service.js";
import { latestEventCursor } from "../../src/modules/events/event-log.repository.js";
import { ingestLines } from "../../src/modules/ingest/ingest.service.js";
import { classifiedEvent, propertyEvent, recordEvents } from "../factories/events.js";
import { observation, removal, revise, sameFlat, toLines } from "../factories/observations.js";
import { createListing, PLACES } from "../factories/listings.js";
import { contractOf, createBearer, EVERYWHERE } from "../factories/viewers.js";
import { createTestDatabase, type TestDatabase } from "../support/database.js";
import { countStatements } from "../support/statement-counter.js";
import { collect, startGatewayApp, wsClient, type GatewayApp } from "../support/gateway-app.js";

const EVENTS = `subscription($after: String, $filter: ListingEventFilter) {
  listingEvents(after: $after, filter: $filter) {
    cursor type resource resourceId occurredAt
    classified { id status { current } location { department } }
    property { id }
  }
}`;

type Received = {
  listingEvents: {
    cursor: string;
    type: string;
    resource: string;
    resourceId: string;
    occurredAt: string;
    classified: { id: string; status: { current: string }; location: { department: string } } | null;
    property: { id: string } | null;
  };
};

describe("GraphQL subscriptions over graphql-ws", () => {
  let database: TestDatabase;
  let gateway: GatewayApp;
  const disposers: (() => void | Promise<void>)[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    gateway = await startGatewayApp(database, { WEBHOOK_DISPATCHER: "false" });
  });
  afterEach(async () => {
    for (const dispose of disposers.splice(0)) await dispose();
  });
  afterAll(async () => {
    await gateway.close();
    await database.close();
  });

  function client(token: string | null, url = gateway.wsUrl) {
    const made = wsClient(url, token);
    disposers.push(() => made.client.dispose());
    return made;
  }

  async function rowOf(listing: Record<string, unknown>) {
    const url = (listing["source"] as { url: string }).url;
    const [row] = await database.db.select().from(classifieds).where(eq(classifieds.sourceUrl, url));
    return row;
  }

  /** The newest cursor: subscribing after it receives exactly what is written next, however long subscribing takes. */
  async function now(): Promise<string> {
    return (await latestEventCursor(database.db)).toString();
  }

  async function waitForClose(closeCodes: number[], timeoutMs = 15_000): Promise<number> {
    const deadline = Date.now() + timeoutMs;
    while (closeCodes.length === 0) {
      if (Date.now() > deadline) throw new Error("the socket was not closed");
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return closeCodes[0]!;
  }

  it("closes the socket with 4403 for a missing or unknown token", async () => {
    for (const token of [null, "not-a-valid-token-at-all"]) {
      const { client: c, closeCodes } = client(token);
      const subscription = collect<Received>(c, EVENTS);
      disposers.push(subscription.dispose);
      expect(await waitForClose(closeCodes)).toBe(4403);
    }
  });

  it("replays after a cursor, then goes live, with no gap and no duplicate", async () => {
    const token = await createBearer(database.db);
    const listings = await Promise.all([0, 1, 2, 3, 4].map(() => createListing(database.db)));
    const history = await recordEvents(
      database.db,
      listings.slice(0, 3).map((l) => classifiedEvent(l.classifieds[0]!)),
    );
    const subscription = collect<Received>(client(token).client, EVENTS, { after: history[0]!.id.toString() });
    disposers.push(subscription.dispose);
    await subscription.waitFor(2);
    const live = await recordEvents(
      database.db,
      listings.slice(3).map((l) => classifiedEvent(l.classifieds[0]!, "updated")),
    );
    const received = await subscription.waitFor(4);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(received.map((r) => r.listingEvents.cursor)).toEqual([history[1], history[2], ...live].map((row) => row!.id.toString()));
    expect(received[3]?.listingEvents).toMatchObject({
      type: "updated",
      resource: "classified",
      resourceId: listings[4]!.classifieds[0]!.id,
      classified: { id: listings[4]!.classifieds[0]!.id, status: { current: "available" } },
      property: { id: listings[4]!.property.id },
    });
  });

  it("sends only events within the contract that match the filter", async () => {
    const token = await createBearer(database.db, contractOf(["75", "69"]));
    const paris = await createListing(database.db, { place: PLACES[0] });
    const lyon = await createListing(database.db, { place: PLACES[1] });
    const lyonRent = await createListing(database.db, { place: PLACES[1], classifieds: [{ transactionType: "rent" }], property: { transactionType: "rent" } });
    const marseille = await createListing(database.db, { place: PLACES[2] });
    const lyonOtherPortal = await createListing(database.db, { place: PLACES[1], classifieds: [{ sourceDomain: "leboncoin.fr" }] });
    const filter = {
      types: ["created", "removed"],
      resource: "classified",
      departments: ["69", "13"],
      propertyTypes: ["apartment"],
      transactionType: "sale",
      sourceDomains: ["www.seloger.com"],
    };
    const after = await now();
    const filtered = collect<Received>(client(token).client, EVENTS, { filter, after });
    const unfiltered = collect<Received>(client(token).client, EVENTS, { after });
    disposers.push(filtered.dispose, unfiltered.dispose);
    const written = await recordEvents(database.db, [
      classifiedEvent(paris.classifieds[0]!),
      classifiedEvent(lyon.classifieds[0]!, "updated"),
      classifiedEvent(lyonRent.classifieds[0]!),
      classifiedEvent(marseille.classifieds[0]!),
      classifiedEvent(lyonOtherPortal.classifieds[0]!),
      propertyEvent(lyon.property, lyon.classifieds),
      classifiedEvent(lyon.classifieds[0]!, "removed"),
    ]);
    const marker = await recordEvents(database.db, [classifiedEvent(lyon.classifieds[0]!)]);
    const matching = await filtered.waitFor(2);
    // Everything within the contract (Paris, Lyon), nothing from Marseille (13).
    const all = await unfiltered.waitFor(7);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(matching.map((r) => r.listingEvents.cursor)).toEqual([written[6]!.id.toString(), marker[0]!.id.toString()]);
    expect(all.map((r) => r.listingEvents.cursor)).toEqual(
      [written[0], written[1], written[2], written[4], written[5], written[6], marker[0]].map((row) => row!.id.toString()),
    );
    expect(all.every((r) => r.listingEvents.classified === null || r.listingEvents.classified.location.department !== "13")).toBe(true);
  });

  it("loads each event's listing as it is now, with fresh loaders per event", async () => {
    const token = await createBearer(database.db);
    const listing = await createListing(database.db);
    const id = listing.classifieds[0]!.id;
    const subscription = collect<Received>(client(token).client, EVENTS, { filter: { resource: "classified" }, after: await now() });
    disposers.push(subscription.dispose);
    await recordEvents(database.db, [classifiedEvent(listing.classifieds[0]!)]);
    await subscription.waitFor(1);
    await database.db.update(classifieds).set({ status: "removed", removedAt: new Date() }).where(eq(classifieds.id, id));
    await recordEvents(database.db, [classifiedEvent(listing.classifieds[0]!, "removed")]);
    const [first, second] = await subscription.waitFor(2);
    expect(first?.listingEvents.classified?.status.current).toBe("available");
    expect(second?.listingEvents.classified?.status.current).toBe("removed");
  });

  it("loads an event's listing once per contract, however many subscribers receive it", async () => {
    const everywhere = await createBearer(database.db);
    const parisOnly = await createBearer(database.db, contractOf(["75"]));
    const after = await now();
    const subscriptions = [...Array.from({ length: 10 }, () => everywhere), parisOnly].map((token) => {
      const subscription = collect<Received>(client(token).client, EVENTS, { after });
      disposers.push(subscription.dispose);
      return subscription;
    });
    const listing = await createListing(database.db, { place: PLACES[0] });
    // A first event every subscriber receives: after it, each one is past its replay and live.
    await recordEvents(database.db, [classifiedEvent(listing.classifieds[0]!)]);
    for (const subscription of subscriptions) await subscription.waitFor(1);
    const counter = countStatements(database.db);
    try {
      await recordEvents(database.db, [classifiedEvent(listing.classifieds[0]!, "updated")]);
      for (const subscription of subscriptions) await subscription.waitFor(2);
      const classifiedReads = counter.statements().filter((text) => /from "classifieds"/.test(text) && !/^insert|^update/i.test(text.trim()));
      // One read of the classified per contract (two contracts), not one per subscriber (eleven).
      expect(classifiedReads).toHaveLength(2);
    } finally {
      counter.stop();
    }
  });

  it("delivers what the ingest pipeline records: creation, then a price change, then removal", async () => {
    const token = await createBearer(database.db);
    const subscription = collect<Received>(client(token).client, EVENTS, { after: await now(), filter: { resource: "classified" } });
    disposers.push(subscription.dispose);
    const first = observation();
    const url = (first["source"] as { url: string }).url;
    await ingestLines(database.db, toLines([first]));
    await ingestLines(database.db, toLines([revise(first, { observedAt: "2026-11-21T08:00:00Z", transaction: { type: "sale", price: 640_000 } })]));
    await ingestLines(database.db, toLines([removal(url, "2026-11-22T08:00:00Z")]));
    const received = await subscription.waitFor(3);
    expect(received.map((r) => r.listingEvents.type)).toEqual(["created", "updated", "removed"]);
    expect(new Set(received.map((r) => r.listingEvents.resourceId)).size).toBe(1);
    expect(received[2]?.listingEvents.classified?.status.current).toBe("removed");
  });

  it("sends a contract narrowed to one publisher a shared property's events that its own listing caused, not another's", async () => {
    // One flat, listed by two publishers, set apart from the other tests' flats by its area and place.
    const own = observation({ property: { area: 77.7, roomCount: 4, floor: 3 }, location: { postcode: "75012", latitude: 48.84, longitude: 2.39 } });
    const other = sameFlat(own, { source: { domain: "bienici.com", url: "https://www.bienici.com/annonce/vente/paris-12e/7200001" } });
    await ingestLines(database.db, toLines([own, other]));
    const [ownRow, otherRow] = await Promise.all([own, other].map(async (listing) => rowOf(listing)));
    expect(otherRow?.propertyId).toBe(ownRow?.propertyId);
    const token = await createBearer(database.db, contractOf(["75"], { sirens: [ownRow?.publisherSiren as string] }));
    const subscription = collect<Received>(client(token).client, EVENTS, { after: await now(), filter: { resource: "property" } });
    disposers.push(subscription.dispose);
    await ingestLines(database.db, toLines([revise(other, { observedAt: "2026-11-21T08:00:00Z", transaction: { price: 600_000 } })]));
    await ingestLines(database.db, toLines([revise(own, { observedAt: "2026-11-22T08:00:00Z", transaction: { price: 590_000 } })]));
    // Events arrive in the log's order: the second one received alone means the first was not sent.
    const [received] = await subscription.waitFor(1);
    expect(received?.listingEvents).toMatchObject({ type: "updated", resourceId: ownRow?.propertyId, property: { id: ownRow?.propertyId } });
    expect(received?.listingEvents.cursor).toBe(await now());
  });

  it("sends a narrowed contract a shared property its listing joins as created, and as removed once its listing leaves", async () => {
    const first = observation({ property: { area: 66.6, roomCount: 3, floor: 2 }, location: { postcode: "75013", latitude: 48.83, longitude: 2.36 } });
    await ingestLines(database.db, toLines([first]));
    const late = sameFlat(first, {
      observedAt: "2026-11-20T10:00:00Z",
      source: { domain: "bienici.com", url: "https://www.bienici.com/annonce/vente/paris-13e/7200002" },
    });
    const lateSiren = (late["publisher"] as { siret: string }).siret.slice(0, 9);
    const token = await createBearer(database.db, contractOf(["75"], { sirens: [lateSiren] }));
    const subscription = collect<Received>(client(token).client, EVENTS, { after: await now(), filter: { resource: "property" } });
    disposers.push(subscription.dispose);

    // Its listing joins the other publisher's property: the property is new to it.
    await ingestLines(database.db, toLines([late]));
    const shared = (await rowOf(first))?.propertyId;
    expect((await rowOf(late))?.propertyId).toBe(shared);
    // Corrected to an area the flat cannot have, its listing leaves for a property of its own.
    await ingestLines(database.db, toLines([revise(late, { observedAt: "2026-11-21T08:00:00Z", property: { area: 120 } })]));
    const own = (await rowOf(late))?.propertyId;
    expect(own).not.toBe(shared);

    const received = (await subscription.waitFor(3)).map(({ listingEvents }) => [listingEvents.type, listingEvents.resourceId]);
    expect(received[0]).toEqual(["created", shared]);
    expect(received.slice(1)).toEqual(
      expect.arrayContaining([
        ["removed", shared],
        ["created", own],
      ]),
    );
  });

  it("refuses a malformed cursor with a clear error", async () => {
    const token = await createBearer(database.db);
    const subscription = collect<Received>(client(token).client, EVENTS, { after: "not-a-cursor" });
    disposers.push(subscription.dispose);
    const deadline = Date.now() + 10_000;
    while (subscription.errors.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(JSON.stringify(subscription.errors)).toMatch(/BAD_USER_INPUT/);
  });

  it("refuses a selection that costs more per event than the plan allows, before it runs", async () => {
    // Five levels of property → classifieds: each event would load a cost of 22,222 (README, "Limits per plan").
    const nested = (depth: number): string => (depth === 0 ? "id" : `property { classifieds { ${nested(depth - 1)} } }`);
    const deep = `subscription { listingEvents { cursor ${nested(5)} } }`;
    const free = collect<Received>(client(await createBearer(database.db, EVERYWHERE, "free")).client, deep);
    disposers.push(free.dispose);
    const deadline = Date.now() + 10_000;
    while (free.errors.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(JSON.stringify(free.errors)).toMatch(/QUERY_TOO_COMPLEX/);
    expect(JSON.stringify(free.errors)).toMatch(/free plan/);
  });

  it("ends the subscriptions of a revoked token within seconds (4403)", async () => {
    const { secret, token } = await createToken(database.db, {
      email: "revoked@example.fr",
      name: "soon revoked",
      plan: "pro200",
      contract: EVERYWHERE,
      scopes: ["read"],
    });
    const { client: c, closeCodes } = client(secret);
    const subscription = collect<Received>(c, EVENTS, { after: await now() });
    disposers.push(subscription.dispose);
    const listing = await createListing(database.db);
    await recordEvents(database.db, [classifiedEvent(listing.classifieds[0]!)]);
    await subscription.waitFor(1);
    await revokeToken(database.db, token.id);
    expect(await waitForClose(closeCodes, 15_000)).toBe(4403);
  });

  it("reaches subscribers on every gateway process sharing the database", async () => {
    const secondHandle: DatabaseHandle =
      database.kind === "postgres" && database.url ? await openDatabase({ kind: "postgres", url: database.url, poolSize: 4 }) : database;
    const second = await startGatewayApp(secondHandle, { WEBHOOK_DISPATCHER: "false" });
    disposers.push(async () => {
      await second.close();
      if (secondHandle !== database) await secondHandle.close();
    });
    const token = await createBearer(database.db);
    const after = await now();
    const onFirst = collect<Received>(client(token).client, EVENTS, { after });
    const onSecond = collect<Received>(client(token, second.wsUrl).client, EVENTS, { after });
    disposers.push(onFirst.dispose, onSecond.dispose);
    const listing = await createListing(secondHandle.db);
    const written = await recordEvents(secondHandle.db, [classifiedEvent(listing.classifieds[0]!)]);
    const [a] = await onFirst.waitFor(1);
    const [b] = await onSecond.waitFor(1);
    expect(a?.listingEvents.cursor).toBe(written[0]!.id.toString());
    expect(b?.listingEvents.cursor).toBe(written[0]!.id.toString());
  });
});
