import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../src/db/client.js";
import { webhookDeliveries, webhooks } from "../../src/db/schema/index.js";
import { listDeliveries } from "../../src/modules/webhooks/webhooks.repository.js";
import { deleteWebhook, replayWebhook } from "../../src/modules/webhooks/webhooks.service.js";
import { classifiedEvent, recordEvents } from "../factories/events.js";
import { createListing } from "../factories/listings.js";
import { registerWebhook, serviceDeps, startDispatcher, webhookOwner } from "../factories/webhooks.js";
import { createTestDatabase, type TestDatabase } from "../support/database.js";
import { WebhookReceiver } from "../support/webhook-receiver.js";

describe("webhook dispatch under stress", () => {
  let database: TestDatabase;
  const receivers: WebhookReceiver[] = [];
  const cleanups: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    for (const receiver of receivers.splice(0)) await receiver.stop();
  });
  afterAll(async () => {
    await database.close();
  });

  async function receiver(): Promise<WebhookReceiver> {
    const started = await new WebhookReceiver().start();
    receivers.push(started);
    return started;
  }

  async function webhookTo(url: string) {
    const owner = await webhookOwner(database.db);
    const created = await registerWebhook(database.db, owner.viewer, { kind: "classified-notification", url });
    cleanups.push(() => deleteWebhook(serviceDeps(database.db), owner.viewer, created.webhook.id));
    return { ...owner, ...created };
  }

  async function dispatcher(overrides: Parameters<typeof startDispatcher>[1] = {}, handle: DatabaseHandle = database) {
    const worker = await startDispatcher(handle, overrides);
    cleanups.push(() => worker.stop());
    return worker;
  }

  async function listingEvents(count: number) {
    const listings = [];
    for (let i = 0; i < count; i += 1) listings.push(await createListing(database.db, { images: 0 }));
    return recordEvents(
      database.db,
      listings.map((listing) => classifiedEvent(listing.classifieds[0]!)),
    );
  }

  it("does not let a slow receiver delay the others", async () => {
    const slow = await receiver();
    const fast = await receiver();
    slow.behaviour = () => ({ status: 200, delayMs: 800 });
    await webhookTo(slow.url());
    await webhookTo(fast.url());
    await dispatcher({ perWebhook: 2, timeoutMs: 5_000 });
    await listingEvents(8);
    await fast.waitFor((r) => r.accepted.length === 8, 15_000, "every fast delivery");
    // Two at a time, 800 ms each: the slow receiver cannot have answered all eight yet.
    expect(slow.accepted.length).toBeLessThan(8);
    await slow.waitFor((r) => r.accepted.length === 8, 15_000, "every slow delivery");
  });

  it("shares the work between dispatchers without sending anything twice", async () => {
    const target = await receiver();
    target.behaviour = () => ({ status: 200, delayMs: 5 });
    await webhookTo(target.url());
    const second: DatabaseHandle =
      database.kind === "postgres" && database.url ? await openDatabase({ kind: "postgres", url: database.url, poolSize: 4 }) : database;
    if (second !== database) cleanups.push(() => second.close());
    await dispatcher({ concurrency: 4 });
    await dispatcher({ concurrency: 4 }, second);
    const events = await listingEvents(40);
    await target.waitFor((r) => r.accepted.length >= 40, 20_000, "forty deliveries");
    await new Promise((resolve) => setTimeout(resolve, 300));
    const ids = target.requests.map((r) => r.headers["webhook-id"]);
    expect(ids).toHaveLength(events.length);
    expect(new Set(ids).size).toBe(events.length);
  });

  it("retries an endpoint that refuses connections, then gives up", async () => {
    const closed = await receiver();
    const url = closed.url();
    await closed.stop();
    const { webhook } = await webhookTo(url);
    await dispatcher({ retrySchedule: [100, 100] });
    await listingEvents(1);
    const [delivery] = await waitFor(async () => {
      const rows = await listDeliveries(database.db, webhook.id, { limit: 1 });
      return rows[0]?.status === "failed" ? rows : undefined;
    });
    expect(delivery?.attempts).toHaveLength(3);
    for (const attempt of delivery?.attempts ?? []) {
      expect(attempt.statusCode).toBeNull();
      expect(attempt.error).toMatch(/ECONNREFUSED/);
    }
  });

  it("disables an endpoint that keeps failing for longer than allowed and says why", async () => {
    const failing = await receiver();
    failing.behaviour = () => ({ status: 500 });
    const { webhook } = await webhookTo(failing.url());
    await dispatcher({ retrySchedule: Array.from({ length: 30 }, () => 100), disableAfterMs: 1_000 });
    await listingEvents(1);
    const row = await waitFor(async () => {
      const [current] = await database.db.select().from(webhooks).where(eq(webhooks.id, webhook.id));
      return current?.status === "disabled" ? current : undefined;
    });
    expect(row.disabledReason).toMatch(/^failing since \d{4}-\d\d-\d\dT/);
    const attemptsAtDisable = failing.requests.length;
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(failing.requests.length).toBe(attemptsAtDisable);
  });

  it("prunes settled deliveries from the log, never pending ones", async () => {
    const target = await receiver();
    const listings = [await createListing(database.db), await createListing(database.db), await createListing(database.db)];
    const blockedId = listings[2]!.classifieds[0]!.id;
    target.behaviour = (request) => ((JSON.parse(request.body) as { id: string }).id === blockedId ? { status: 500 } : { status: 200 });
    const { webhook } = await webhookTo(target.url());
    const worker = await dispatcher({ logRetentionMs: 0, retrySchedule: [60_000] });
    await recordEvents(
      database.db,
      listings.map((listing) => classifiedEvent(listing.classifieds[0]!)),
    );
    await target.waitFor((r) => r.accepted.length === 2 && r.requests.length === 3, 15_000, "two deliveries and one failure");
    const settled = await waitFor(async () => {
      const rows = await listDeliveries(database.db, webhook.id, { limit: 10 });
      return rows.filter((row) => row.status === "succeeded").length === 2 && rows.some((row) => row.attempts.length === 1 && row.status === "pending")
        ? rows
        : undefined;
    });
    expect(settled).toHaveLength(3);
    await worker.dispatcher.housekeeping();
    const left = await listDeliveries(database.db, webhook.id, { limit: 10 });
    expect(left.map((row) => row.status)).toEqual(["pending"]);
  });

  it("replays from a cursor as new deliveries", async () => {
    const target = await receiver();
    const { webhook, viewer } = await webhookTo(target.url());
    await dispatcher();
    const events = await listingEvents(3);
    await target.waitFor((r) => r.accepted.length === 3, 15_000, "three deliveries");
    await replayWebhook(serviceDeps(database.db), viewer, webhook.id, { after: events[0]!.id.toString() });
    await target.waitFor((r) => r.accepted.length === 5, 15_000, "two replayed deliveries");
    const replayed = target.accepted.slice(3).map((r) => (JSON.parse(r.body) as { id: string }).id);
    expect(replayed.sort()).toEqual([events[1]!.resourceId, events[2]!.resourceId].sort());
    const rows = await database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, webhook.id));
    expect(rows).toHaveLength(5);
    expect(new Set(target.accepted.map((r) => r.headers["webhook-id"])).size).toBe(5);
  });
});

async function waitFor<T>(probe: () => Promise<T | undefined>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
