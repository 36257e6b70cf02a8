import { eq, inArray, max } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { events, webhookDeliveries, webhooks } from "../../src/db/schema/index.js";
import { eventAsSeenBy, streamPredicate } from "../../src/modules/events/event-filter.js";
import { observation, removal, revise, sameFlat } from "../factories/observations.js";
import { registerWebhook, startDispatcher, webhookOwner } from "../factories/webhooks.js";
import { createTestDatabase, type TestDatabase } from "../support/database.js";
import { WebhookReceiver } from "../support/webhook-receiver.js";
import { classifiedOf, eventsOf, ingest, urlOf } from "./ingest.helpers.js";

/**
 * Two publishers list one flat, so both see its property. A contract narrowed to one of them must not hear of the
 * other's listing through the property's events: a change of the other's listing alone is not announced to it,
 * a change of its own is, even one that changes only what it sees of the property.
 */
describe("property events under a contract narrowed to publishers", () => {
  let database: TestDatabase;
  let worker: Awaited<ReturnType<typeof startDispatcher>>;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    database = await createTestDatabase();
    worker = await startDispatcher(database);
    receiver = await new WebhookReceiver().start();
  });
  afterAll(async () => {
    await receiver.stop();
    await worker.stop();
    await database.close();
  });

  it("announces a change of the property to a publisher when its own listing caused it, never another's, and a change of its view alone", async () => {
    const own = observation({ observedAt: "2026-11-20T08:00:00Z" });
    const other = sameFlat(own, {
      observedAt: "2026-11-20T09:00:00Z",
      source: { domain: "bienici.com", url: "https://www.bienici.com/annonce/vente/paris-11e/7100001" },
    });
    await ingest(database.db, [own, other]);
    const ownRow = await classifiedOf(database.db, own);
    const otherRow = await classifiedOf(database.db, other);
    expect(otherRow.propertyId).toBe(ownRow.propertyId);
    expect(otherRow.publisherSiren).not.toBe(ownRow.publisherSiren);

    const contract = { allDepartments: false, departments: [ownRow.department], sirens: [ownRow.publisherSiren as string], sirets: [] };
    const { viewer } = await webhookOwner(database.db, contract);
    const { webhook } = await registerWebhook(database.db, viewer, { kind: "property-notification", url: receiver.url(), filter: null });
    const wide = await webhookOwner(database.db, { ...contract, sirens: [] });
    const { webhook: wideWebhook } = await registerWebhook(database.db, wide.viewer, { kind: "property-notification", url: receiver.url(), filter: null });
    // Filters naming the other publisher or its portal must not find it through the property either.
    const probes = [{ sirens: [otherRow.publisherSiren as string] }, { sourceDomains: [otherRow.sourceDomain] }];
    const probing = await Promise.all(
      probes.map((filter) => registerWebhook(database.db, viewer, { kind: "property-notification", url: receiver.url(), filter })),
    );

    // The other publisher cuts its price under ours: the property's price moves, by the other's listing alone.
    await ingest(database.db, [revise(other, { observedAt: "2026-11-21T08:00:00Z", transaction: { price: 600_000 } })]);
    const byOther = (await eventsOf(database.db, ownRow.propertyId)).at(-1);
    expect(byOther).toMatchObject({ type: "updated", changedFields: expect.arrayContaining(["priceCurrent"]) });
    expect(byOther?.sirens).toEqual([ownRow.publisherSiren, otherRow.publisherSiren].sort());
    expect(byOther?.listings).toEqual(
      expect.arrayContaining([
        {
          siren: ownRow.publisherSiren,
          siret: ownRow.publisherSiret,
          sourceDomain: ownRow.sourceDomain,
          member: true,
          joined: false,
          active: true,
          cause: false,
        },
        {
          siren: otherRow.publisherSiren,
          siret: otherRow.publisherSiret,
          sourceDomain: otherRow.sourceDomain,
          member: true,
          joined: false,
          active: true,
          cause: true,
          changes: expect.arrayContaining(["priceCurrent"]),
        },
      ]),
    );
    expect(streamPredicate(contract, {})(byOther!)).toBe(false);
    expect(streamPredicate({ ...contract, sirens: [otherRow.publisherSiren as string] }, {})(byOther!)).toBe(true);
    expect(streamPredicate({ ...contract, sirens: [] }, {})(byOther!)).toBe(true);

    // Then ours, under the other's: announced.
    await ingest(database.db, [revise(own, { observedAt: "2026-11-22T08:00:00Z", transaction: { price: 590_000 } })]);
    const byOwn = (await eventsOf(database.db, ownRow.propertyId)).at(-1);
    expect(byOwn?.listings?.filter((listing) => listing.cause).map((listing) => listing.siren)).toEqual([ownRow.publisherSiren]);
    // Announced with what changed as it sees the property.
    expect(eventAsSeenBy(contract, byOwn!)?.changedFields).toEqual(["priceCurrent", "pricePerSquareMeter"]);

    // Ours goes up, above the other's: the stored property's price moves back to the other's.
    await ingest(database.db, [revise(own, { observedAt: "2026-11-23T08:00:00Z", transaction: { price: 640_000 } })]);
    const backUp = (await eventsOf(database.db, ownRow.propertyId)).at(-1);
    expect(backUp).toMatchObject({ type: "updated", viewOnly: false, changedFields: expect.arrayContaining(["priceCurrent"]) });
    // Ours comes down a little, still above the other's: the stored property does not change, our view of it does.
    await ingest(database.db, [revise(own, { observedAt: "2026-11-24T08:00:00Z", transaction: { price: 630_000 } })]);
    const viewed = (await eventsOf(database.db, ownRow.propertyId)).at(-1);
    expect(viewed).toMatchObject({ type: "updated", viewOnly: true, changedFields: ["priceCurrent", "pricePerSquareMeter"] });
    expect(viewed?.id).toBeGreaterThan(backUp?.id ?? 0n);

    // A change of ours that no view of the property shows (the agent's phone) announces nothing of the property.
    await ingest(database.db, [revise(own, { observedAt: "2026-11-25T08:00:00Z", transaction: { price: 630_000 }, contact: { phone: "06 98 76 54 32" } })]);
    expect((await eventsOf(database.db, ownRow.propertyId)).at(-1)?.id).toBe(viewed?.id);
    expect((await eventsOf(database.db, ownRow.id)).at(-1)?.changedFields).toEqual(["contactPhone"]);

    // In one batch, ours changes what no view shows and the other's price moves the stored property's: not for us.
    await ingest(database.db, [
      revise(own, { observedAt: "2026-11-26T08:00:00Z", transaction: { price: 630_000 }, contact: { phone: "06 11 22 33 44" } }),
      revise(other, { observedAt: "2026-11-26T09:00:00Z", transaction: { price: 580_000 } }),
    ]);
    const mixed = (await eventsOf(database.db, ownRow.propertyId)).at(-1);
    expect(mixed).toMatchObject({ type: "updated", changedFields: expect.arrayContaining(["priceCurrent"]) });
    expect(mixed?.listings?.every((listing) => listing.cause)).toBe(true);
    expect(eventAsSeenBy(contract, mixed!)).toBeNull();

    // Ours is withdrawn while the other's stays on sale: the property, as it sees it, is removed.
    await ingest(database.db, [removal(urlOf(own), "2026-11-27T08:00:00Z")]);
    const withdrawn = (await eventsOf(database.db, ownRow.propertyId)).at(-1);
    expect(withdrawn).toMatchObject({ type: "updated" });
    expect(eventAsSeenBy(contract, withdrawn!)).toMatchObject({ type: "removed", changedFields: expect.arrayContaining(["status"]) });
    expect(eventAsSeenBy({ ...contract, sirens: [] }, withdrawn!)).toMatchObject({ type: "updated" });

    // Deliveries are recorded in the log's order: once the last event arrived, the earlier ones were decided.
    const deliveredEvents = async (id: string) =>
      (await database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, id)))
        .map((delivery) => delivery.eventId)
        .sort((a, b) => ((a ?? 0n) < (b ?? 0n) ? -1 : 1));
    await receiver.waitFor((r) => r.accepted.length >= 9, 15_000, "the property notifications");
    expect(await deliveredEvents(webhook.id)).toEqual([byOwn?.id, backUp?.id, viewed?.id, withdrawn?.id]);
    expect(await deliveredEvents(wideWebhook.id)).toEqual([byOther?.id, byOwn?.id, backUp?.id, mixed?.id, withdrawn?.id]);
    const probeIds = probing.map(({ webhook: probe }) => probe.id);
    const [newest] = await database.db.select({ id: max(events.id) }).from(events);
    const lastEvent = newest?.id ?? 0n;
    for (let tries = 0; tries < 150; tries += 1) {
      const positions = await database.db.select({ cursor: webhooks.cursor }).from(webhooks).where(inArray(webhooks.id, probeIds));
      if (positions.every((position) => position.cursor >= lastEvent)) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const probed = await database.db.select({ cursor: webhooks.cursor }).from(webhooks).where(inArray(webhooks.id, probeIds));
    expect(probed.map((position) => position.cursor)).toEqual([lastEvent, lastEvent]);
    expect(await database.db.select().from(webhookDeliveries).where(inArray(webhookDeliveries.webhookId, probeIds))).toEqual([]);
  });
});
