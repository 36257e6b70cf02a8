import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { NewEventRow } from "../../src/db/schema/index.js";
import { EventBus } from "../../src/modules/events/event-bus.js";
import type { EventDelivery } from "../../src/modules/events/event-delivery.js";
import { streamPredicate } from "../../src/modules/events/event-filter.js";
import { EventSubscription } from "../../src/modules/events/event-subscription.js";
import { recordEvents } from "../factories/events.js";
import { createTestDatabase, type TestDatabase } from "../support/database.js";

function syntheticEvent(overrides: Partial<NewEventRow> = {}): NewEventRow {
  const id = randomUUID();
  return {
    type: "created",
    resource: "classified",
    resourceId: id,
    propertyId: randomUUID(),
    department: "75",
    propertyType: "apartment",
    transactionType: "sale",
    sourceDomains: ["seloger.com"],
    sirens: ["552100554"],
    sirets: ["55210055400013"],
    ...overrides,
  };
}

/** Reads `count` deliveries from a subscription, failing the test if they do not come within a few seconds. */
async function take(subscription: EventSubscription, count: number): Promise<EventDelivery[]> {
  const received: EventDelivery[] = [];
  const deadline = Date.now() + 10_000;
  while (received.length < count) {
    const timeout = new Promise<"timeout">((resolve) => setTimeout(() => resolve("timeout"), Math.max(0, deadline - Date.now())).unref());
    const next = await Promise.race([subscription.next(), timeout]);
    if (next === "timeout") throw new Error(`only ${received.length} of ${count} events arrived`);
    if (next.done) break;
    received.push(next.value);
  }
  return received;
}

describe("event bus and subscriptions", () => {
  let database: TestDatabase;
  let bus: EventBus;

  beforeAll(async () => {
    database = await createTestDatabase();
    bus = new EventBus(database, { pollIntervalMs: 200 });
    await bus.start();
  });
  afterAll(async () => {
    await bus.stop();
    await database.close();
  });

  it("hands new events to a live subscriber in cursor order", async () => {
    const subscription = new EventSubscription(bus, { accept: () => true });
    const written = await recordEvents(database.db, [syntheticEvent(), syntheticEvent({ type: "updated" })]);
    const received = await take(subscription, 2);
    await subscription.return();
    expect(received.map((d) => d.event.id)).toEqual(written.map((row) => row.id));
    expect(received.map((d) => d.cursor)).toEqual(written.map((row) => row.id.toString()));
  });

  it("replays after a cursor, then continues live without gap or duplicate", async () => {
    const history = await recordEvents(database.db, [syntheticEvent(), syntheticEvent(), syntheticEvent(), syntheticEvent()]);
    await bus.drain();
    const subscription = new EventSubscription(bus, { after: history[1]!.id, accept: () => true, pageSize: 1 });
    const live = await recordEvents(database.db, [syntheticEvent(), syntheticEvent()]);
    const received = await take(subscription, 4);
    await subscription.return();
    expect(received.map((d) => d.event.id)).toEqual([history[2]!.id, history[3]!.id, live[0]!.id, live[1]!.id]);
  });

  it("loses nothing at the seam while writers keep committing", async () => {
    const before = await recordEvents(database.db, [syntheticEvent()]);
    const writers = Array.from({ length: 4 }, async () => {
      const ids: bigint[] = [];
      for (let i = 0; i < 10; i += 1) ids.push(...(await recordEvents(database.db, [syntheticEvent(), syntheticEvent()])).map((r) => r.id));
      return ids;
    });
    // Subscribe while the writers run, from the event written just before them.
    await new Promise((resolve) => setTimeout(resolve, 5));
    const subscription = new EventSubscription(bus, { after: before[0]!.id, accept: () => true, pageSize: 7 });
    const written = (await Promise.all(writers)).flat().sort((a, b) => (a < b ? -1 : 1));
    const received = await take(subscription, written.length);
    await subscription.return();
    expect(received.map((d) => d.event.id)).toEqual(written);
  });

  it("hands a subscriber only the events its contract and filter accept", async () => {
    const contract = { allDepartments: false, departments: ["69", "13"], sirens: [], sirets: [] };
    const accept = streamPredicate(contract, { propertyTypes: ["house"], types: ["created", "removed"] });
    const subscription = new EventSubscription(bus, { accept });
    const written = await recordEvents(database.db, [
      syntheticEvent({ department: "69", propertyType: "house" }),
      syntheticEvent({ department: "75", propertyType: "house" }),
      syntheticEvent({ department: "13", propertyType: "apartment" }),
      syntheticEvent({ department: "13", propertyType: "house", type: "updated" }),
      syntheticEvent({ department: "13", propertyType: "house", type: "removed" }),
    ]);
    const marker = await recordEvents(database.db, [syntheticEvent({ department: "69", propertyType: "house" })]);
    const received = await take(subscription, 3);
    await subscription.return();
    expect(received.map((d) => d.event.id)).toEqual([written[0]!.id, written[4]!.id, marker[0]!.id]);
  });

  it("offers a subscriber routed to some departments only their events, and follows a re-route", async () => {
    const subscription = new EventSubscription(bus, { accept: () => true, departments: new Set(["69"]) });
    const first = await recordEvents(database.db, [syntheticEvent({ department: "75" }), syntheticEvent({ department: "69" })]);
    const [lyon] = await take(subscription, 1);
    expect(lyon?.event.id).toBe(first[1]!.id);
    subscription.reroute(new Set(["75"]));
    const second = await recordEvents(database.db, [syntheticEvent({ department: "69" }), syntheticEvent({ department: "75" })]);
    const [paris] = await take(subscription, 1);
    await subscription.return();
    expect(paris?.event.id).toBe(second[1]!.id);
  });

  it("shares one delivery object per event between live subscribers", async () => {
    const first = new EventSubscription(bus, { accept: () => true });
    const second = new EventSubscription(bus, { accept: () => true });
    await recordEvents(database.db, [syntheticEvent()]);
    const [a] = await take(first, 1);
    const [b] = await take(second, 1);
    await first.return();
    await second.return();
    let builds = 0;
    a!.shared("payload", () => (builds += 1));
    b!.shared("payload", () => (builds += 1));
    expect(a).toBe(b);
    expect(builds).toBe(1);
  });

  it("a consumer that falls behind catches up from the table, in order, without loss", async () => {
    const subscription = new EventSubscription(bus, { accept: () => true, maxQueued: 3 });
    const written = await recordEvents(
      database.db,
      Array.from({ length: 25 }, () => syntheticEvent()),
    );
    await bus.drain();
    const received = await take(subscription, 25);
    await subscription.return();
    expect(received.map((d) => d.event.id)).toEqual(written.map((row) => row.id));
  });

  it("return() ends a subscription that is waiting for events", async () => {
    const subscription = new EventSubscription(bus, { accept: () => true });
    const pending = subscription.next();
    await subscription.return();
    await expect(pending).resolves.toEqual({ done: true, value: undefined });
  });
});
