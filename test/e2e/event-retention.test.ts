import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { classifiedPriceHistory, events, webhooks } from "../../src/db/schema/index.js";
import { WebhookEnqueuer } from "../../src/modules/webhooks/webhook-enqueuer.js";
import { setWebhookCursor } from "../../src/modules/webhooks/webhooks.repository.js";
import { replayWebhook } from "../../src/modules/webhooks/webhooks.service.js";
import { registerWebhook, serviceDeps, webhookOwner } from "../factories/webhooks.js";
import { eventLogHorizonOf, pruneEventLog } from "../../src/modules/events/event-retention.js";
import { classifiedEvent, recordEvents } from "../factories/events.js";
import { createListing } from "../factories/listings.js";
import { createBearer } from "../factories/viewers.js";
import { collect, startGatewayApp, wsClient, type GatewayApp } from "../support/gateway-app.js";
import { createTestDatabase, type TestDatabase } from "../support/database.js";

const EVENTS = `subscription($after: String) { listingEvents(after: $after) { cursor type } }`;
const DAY = 86_400_000;

/**
 * The event log keeps EVENT_RETENTION_DAYS of events. A cursor whose continuation was pruned is refused with
 * CURSOR_EXPIRED and the way to resynchronise, never served with a silent gap; price histories stay whole.
 */
describe("event log retention", () => {
  let database: TestDatabase;
  let gateway: GatewayApp;
  let old: bigint[];
  let recent: bigint;
  let pricesBefore: number;

  beforeAll(async () => {
    database = await createTestDatabase();
    gateway = await startGatewayApp(database, { WEBHOOK_DISPATCHER: "false" });
    const listings = await Promise.all([0, 1, 2].map(() => createListing(database.db)));
    const longAgo = new Date(Date.now() - 60 * DAY);
    const stale = await recordEvents(
      database.db,
      listings.slice(0, 2).map((listing) => ({ ...classifiedEvent(listing.classifieds[0]!), occurredAt: longAgo })),
    );
    old = stale.map((event) => event.id);
    const [fresh] = await recordEvents(database.db, [classifiedEvent(listings[2]!.classifieds[0]!, "updated")]);
    recent = fresh!.id;
    pricesBefore = (await database.db.select().from(classifiedPriceHistory)).length;
  });
  afterAll(async () => {
    await gateway.close();
    await database.close();
  });

  it("deletes the events older than the horizon, remembers the last one deleted, and keeps price histories", async () => {
    expect(await eventLogHorizonOf(database.db)).toBe(0n);
    expect(await pruneEventLog(database.db, 30 * DAY)).toBe(2);
    expect((await database.db.select({ id: events.id }).from(events)).map((row) => row.id)).toEqual([recent]);
    expect(await eventLogHorizonOf(database.db)).toBe(old[1]);
    expect((await database.db.select().from(classifiedPriceHistory)).length).toBe(pricesBefore);
    expect(await pruneEventLog(database.db, 30 * DAY)).toBe(0);
  });

  it("disables a webhook left behind the horizon, and refuses a replay from before it", async () => {
    const { viewer } = await webhookOwner(database.db);
    const { webhook } = await registerWebhook(database.db, viewer, { kind: "classified-notification", url: "http://127.0.0.1:9/hook" });
    await setWebhookCursor(database.db, viewer.accountId, webhook.id, old[0]!);
    const silent = { debug() {}, info() {}, warn() {}, error() {} };
    expect(await new WebhookEnqueuer(database.db, silent).run(recent)).toBe(0);
    const [row] = await database.db.select().from(webhooks).where(eq(webhooks.id, webhook.id));
    expect(row?.status).toBe("disabled");
    expect(row?.disabledReason).toMatch(/older than what the event log keeps.*replay/);
    await expect(replayWebhook(serviceDeps(database.db), viewer, webhook.id, { after: old[0]!.toString() })).rejects.toMatchObject({ code: "CURSOR_EXPIRED" });
    expect((await replayWebhook(serviceDeps(database.db), viewer, webhook.id, { after: old[1]!.toString() })).cursor).toBe(old[1]!.toString());
  });

  it("refuses to resume a subscription from a cursor older than the horizon, and resumes one at it", async () => {
    const token = await createBearer(database.db);
    const { client } = wsClient(gateway.wsUrl, token);
    try {
      const expired = collect<unknown>(client, EVENTS, { after: old[0]!.toString() });
      const deadline = Date.now() + 10_000;
      while (expired.errors.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      const [errors] = expired.errors as Array<Array<{ message: string; extensions?: { code?: string } }>>;
      expect(errors?.[0]?.extensions?.code).toBe("CURSOR_EXPIRED");
      expect(errors?.[0]?.message).toMatch(/no longer kept.*resume from a recent cursor/s);

      const resumed = collect<{ listingEvents: { cursor: string } }>(client, EVENTS, { after: old[1]!.toString() });
      const [first] = await resumed.waitFor(1);
      expect(first?.listingEvents.cursor).toBe(recent.toString());
      resumed.dispose();
    } finally {
      await client.dispose();
    }
  });
});
