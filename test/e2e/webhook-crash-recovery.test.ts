import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { webhookDeliveries } from "../../src/db/schema/index.js";
import { messageIdOf } from "../../src/modules/webhooks/webhook-attempt.js";
import { classifiedEvent, recordEvents } from "../factories/events.js";
import { createListing, type Listing } from "../factories/listings.js";
import { registerWebhook, webhookOwner } from "../factories/webhooks.js";
import { createTestDatabase, testDatabaseUrl, type TestDatabase } from "../support/database.js";
import { startCli, type RunningCli } from "../support/run-cli.js";
import { WebhookReceiver } from "../support/webhook-receiver.js";

const LISTENING = /^Listings Gateway listening on (http:\/\/127\.0\.0\.1:\d+) /m;
const TYPES = ["created", "updated", "updated", "removed"] as const;

/**
 * A real gateway process (`listings serve` on PostgreSQL) is killed with SIGKILL while it delivers webhooks,
 * more changes are recorded while it is down, then it is started again. Every event must reach the receiver
 * (at least once), and for every listing the receiver must never see a change before an earlier one. Needs a
 * database shared between processes, so it runs on PostgreSQL only (TEST_DATABASE_URL).
 */
describe.skipIf(!testDatabaseUrl)("webhook delivery survives a gateway killed mid-flight", { timeout: 180_000 }, () => {
  let database: TestDatabase;
  let receiver: WebhookReceiver;
  let gateway: RunningCli | undefined;
  let env: Record<string, string>;

  beforeAll(async () => {
    database = await createTestDatabase();
    receiver = await new WebhookReceiver().start();
    env = {
      DATABASE_URL: database.url ?? "",
      PORT: "0",
      DEMO_DATA: "false",
      LOG_LEVEL: "warn",
      WEBHOOK_ALLOW_PRIVATE_NETWORKS: "true",
      WEBHOOK_RETRY_SCHEDULE: "200ms,400ms,800ms,1s,1s,1s,1s,1s,1s,1s",
      WEBHOOK_TIMEOUT_MS: "2000",
      WEBHOOK_POLL_INTERVAL_MS: "100",
      EVENTS_POLL_INTERVAL_MS: "200",
    };
  });
  afterAll(async () => {
    gateway?.signal("SIGKILL");
    await gateway?.exited;
    await receiver.stop();
    await database.close();
  });

  async function startGateway(): Promise<RunningCli> {
    const started = startCli(["serve"], env);
    await started.waitForOutput(LISTENING);
    return started;
  }

  it("delivers every event, in order per listing, across a SIGKILL and a restart", async () => {
    const owner = await webhookOwner(database.db);
    const { webhook } = await registerWebhook(database.db, owner.viewer, { kind: "classified-notification", url: receiver.url() });
    receiver.behaviour = (_request, index) => (index % 7 === 3 ? { status: 500 } : { status: 200, delayMs: 15 });
    const listings: Listing[] = [];
    for (let i = 0; i < 25; i += 1) listings.push(await createListing(database.db, { images: 1 }));
    const record = (round: number) =>
      recordEvents(
        database.db,
        listings.map((l) => classifiedEvent(l.classifieds[0]!, TYPES[round])),
      );

    gateway = await startGateway();
    for (const round of [0, 1, 2]) await record(round);
    await receiver.waitFor((r) => r.accepted.length >= 20, 60_000, "deliveries under way before the kill");
    gateway.signal("SIGKILL");
    expect((await gateway.exited).signal).toBe("SIGKILL");
    const acceptedBeforeRestart = receiver.accepted.length;
    await record(3);

    gateway = await startGateway();
    const total = listings.length * TYPES.length;
    const accepted = () => new Set(receiver.accepted.map((r) => r.headers["webhook-id"]));
    await receiver.waitFor(() => accepted().size === total, 90_000, `all ${total} messages accepted`);
    // The kill came while messages of the first three rounds were still to be delivered.
    expect(acceptedBeforeRestart).toBeLessThan(listings.length * 3);

    // Which event each message carries, from the delivery rows.
    const rows = await database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, webhook.id));
    expect(rows).toHaveLength(total);
    const eventOf = new Map(rows.map((row) => [messageIdOf(row.id), { listing: row.orderingKey, event: row.eventId ?? -1n }]));

    // Per listing, in arrival order, the events of every request (retries and re-sends included) never go back.
    const arrivals = new Map<string, bigint[]>();
    for (const request of receiver.requests) {
      const carried = eventOf.get(String(request.headers["webhook-id"]));
      expect(carried, "every request carries a recorded message").toBeDefined();
      if (!carried) continue;
      const list = arrivals.get(carried.listing) ?? [];
      list.push(carried.event);
      arrivals.set(carried.listing, list);
    }
    for (const listing of listings) {
      const sequence = arrivals.get(listing.classifieds[0]!.id) ?? [];
      expect(
        sequence.every((event, i) => i === 0 || sequence[i - 1]! <= event),
        `order of ${listing.classifieds[0]!.id}`,
      ).toBe(true);
      expect(new Set(sequence).size).toBe(TYPES.length);
    }
  });
});
