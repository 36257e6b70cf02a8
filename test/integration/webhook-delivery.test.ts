import { randomUUID } from "node:crypto";
import * as published from "@immoteur/openapi-zod";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { classifieds, properties, webhookDeliveries, webhooks } from "../../src/db/schema/index.js";
import { createToken } from "../../src/modules/auth/auth.service.js";
import { deleteWebhook, rotateSecret } from "../../src/modules/webhooks/webhooks.service.js";
import { listDeliveries } from "../../src/modules/webhooks/webhooks.repository.js";
import { classifiedEvent, propertyEvent, recordEvents } from "../factories/events.js";
import { classifiedValues, createListing, PLACES, propertyValues } from "../factories/listings.js";
import { registerWebhook, serviceDeps, startDispatcher, webhookOwner } from "../factories/webhooks.js";
import { createTestDatabase, type TestDatabase } from "../support/database.js";
import { ClassifiedsShow200Response, PropertiesShow200Response } from "../support/published-v1-schemas.js";
import { WebhookReceiver } from "../support/webhook-receiver.js";

/** Webhook bodies are the `classified` / `property` of the v1 responses; the oracle checks them inside one. */
const SAMPLE_META = { subscriptionPlan: "pro200", dataAccessLimit: { departments: [], sirens: [], sirets: [] } };

describe("webhook deliveries", () => {
  let database: TestDatabase;
  let worker: Awaited<ReturnType<typeof startDispatcher>>;
  let receiver: WebhookReceiver;
  const cleanups: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    worker = await startDispatcher(database);
  });
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
    await receiver?.stop();
  });
  afterAll(async () => {
    await worker.stop();
    await database.close();
  });

  async function setUp(
    kind: "classified-notification" | "property-notification" | "classifieds-export",
    options: { contract?: { allDepartments: boolean; departments: string[]; sirens: string[]; sirets: string[] }; filter?: Record<string, string[]> } = {},
  ) {
    receiver = await new WebhookReceiver().start();
    const owner = await webhookOwner(database.db, options.contract);
    const created = await registerWebhook(database.db, owner.viewer, { kind, url: receiver.url(), filter: options.filter ?? null });
    cleanups.push(() => deleteWebhook(serviceDeps(database.db), owner.viewer, created.webhook.id));
    return { ...owner, ...created };
  }

  it("sends signed classified notifications, within the owner's contract and the webhook's filter only", async () => {
    const { secret, webhook } = await setUp("classified-notification", {
      contract: { allDepartments: false, departments: ["75", "69"], sirens: [], sirets: [] },
      filter: { propertyTypes: ["apartment"] },
    });
    const paris = await createListing(database.db, { place: PLACES[0] });
    const marseille = await createListing(database.db, { place: PLACES[2] });
    const lyonHouse = await createListing(database.db, { place: PLACES[1], classifieds: [{ propertyType: "house" }] });
    const lyon = await createListing(database.db, { place: PLACES[1] });
    await recordEvents(database.db, [
      classifiedEvent(paris.classifieds[0]!),
      classifiedEvent(marseille.classifieds[0]!),
      classifiedEvent(lyonHouse.classifieds[0]!),
      propertyEvent(paris.property, paris.classifieds),
      classifiedEvent(lyon.classifieds[0]!, "updated"),
    ]);
    await receiver.waitFor((r) => r.accepted.length >= 2, 15_000, "two notifications");
    const recorded = await database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, webhook.id));
    expect(recorded).toHaveLength(2);
    const bodies = receiver.accepted.map((request) => WebhookReceiver.verify(request, secret));
    expect(bodies.map((body) => (body as { id: string }).id).sort()).toEqual([paris.classifieds[0]!.id, lyon.classifieds[0]!.id].sort());
    for (const body of bodies) {
      expect(ClassifiedsShow200Response.safeParse({ classified: body, meta: SAMPLE_META }).error?.issues ?? []).toEqual([]);
      expect(["created", "updated"]).toContain((body as { type: string }).type);
    }
    const first = receiver.accepted[0]!;
    expect(first.headers["webhook-id"]).toMatch(/^msg_[0-9a-f]{32}$/);
    expect(first.headers["webhook-endpoint-id"]).toBe(webhook.id);
    expect(Number(first.headers["webhook-timestamp"])).toBeGreaterThan(1_700_000_000);
  });

  it("retries failures under the same webhook-id and logs every attempt", async () => {
    const { webhook, secret } = await setUp("classified-notification");
    receiver.behaviour = (_request, index) => (index < 2 ? { status: 500 } : { status: 204 });
    const listing = await createListing(database.db);
    await recordEvents(database.db, [classifiedEvent(listing.classifieds[0]!)]);
    await receiver.waitFor((r) => r.accepted.length === 1, 15_000, "a delivery after two failures");
    expect(receiver.requests).toHaveLength(3);
    expect(new Set(receiver.requests.map((r) => r.headers["webhook-id"])).size).toBe(1);
    expect(new Set(receiver.requests.map((r) => r.headers["webhook-delivery-id"])).size).toBe(3);
    for (const request of receiver.requests) expect(() => WebhookReceiver.verify(request, secret)).not.toThrow();
    await waitForDeliveryStatus(webhook.id, "succeeded");
    const [logged] = await listDeliveries(database.db, webhook.id, { limit: 10 });
    expect(logged?.attemptCount).toBe(3);
    expect(logged?.attempts.map((attempt) => attempt.statusCode)).toEqual([500, 500, 204]);
  });

  it("does not send a queued message once the owner's contract no longer covers it", async () => {
    const { webhook, viewer } = await setUp("classified-notification", {
      contract: { allDepartments: false, departments: ["75", "69"], sirens: [], sirets: [] },
    });
    receiver.behaviour = () => ({ status: 500 });
    const listing = await createListing(database.db, { place: PLACES[0] });
    await recordEvents(database.db, [classifiedEvent(listing.classifieds[0]!)]);
    await receiver.waitFor((r) => r.requests.length === 1, 15_000, "the first, refused, attempt");
    // The account's contract is narrowed (as `listings token create` does for an existing account) while the
    // message waits for its retry; the receiver would now accept it.
    await createToken(database.db, {
      email: viewer.email,
      name: "narrowed",
      plan: "pro200",
      contract: { allDepartments: false, departments: ["69"], sirens: [], sirets: [] },
      scopes: ["read"],
    });
    receiver.behaviour = () => ({ status: 204 });
    await waitForDeliveryStatus(webhook.id, "failed");
    const [logged] = await listDeliveries(database.db, webhook.id, { limit: 10 });
    expect(logged?.attempts.at(-1)?.error).toMatch(/no longer within the owner's contract/);
    expect(receiver.accepted).toHaveLength(0);
    expect(receiver.requests).toHaveLength(1);
  });

  it("honours Retry-After before the next attempt", async () => {
    await setUp("classified-notification");
    receiver.behaviour = (_request, index) => (index === 0 ? { status: 503, headers: { "retry-after": "1" } } : { status: 200 });
    const listing = await createListing(database.db);
    await recordEvents(database.db, [classifiedEvent(listing.classifieds[0]!)]);
    await receiver.waitFor((r) => r.accepted.length === 1, 15_000, "the retried delivery");
    const [first, second] = receiver.requests;
    expect(second!.receivedAt - first!.receivedAt).toBeGreaterThanOrEqual(950);
  });

  it("keeps per-listing order: a later change waits until the earlier one is delivered", async () => {
    await setUp("classified-notification");
    const listing = await createListing(database.db);
    const other = await createListing(database.db);
    const id = listing.classifieds[0]!.id;
    let failuresLeft = 2;
    receiver.behaviour = (request) => {
      const body = JSON.parse(request.body) as { id: string; type: string };
      if (body.id === id && body.type === "created" && failuresLeft > 0) {
        failuresLeft -= 1;
        return { status: 500 };
      }
      return { status: 200, delayMs: 20 };
    };
    await recordEvents(database.db, [
      classifiedEvent(listing.classifieds[0]!, "created"),
      classifiedEvent(other.classifieds[0]!, "created"),
      classifiedEvent(listing.classifieds[0]!, "updated"),
    ]);
    await recordEvents(database.db, [classifiedEvent(listing.classifieds[0]!, "removed")]);
    await receiver.waitFor((r) => r.accepted.length === 4, 15_000, "four deliveries");
    const sequence = receiver.requests
      .map((request) => JSON.parse(request.body) as { id: string; type: string })
      .filter((body) => body.id === id)
      .map((body) => body.type);
    expect(sequence).toEqual(["created", "created", "created", "updated", "removed"]);
  });

  it("retries a timed-out attempt and a dropped connection", async () => {
    const { webhook } = await setUp("classified-notification");
    await worker.stop();
    worker = await startDispatcher(database, { timeoutMs: 1_000 });
    cleanups.push(async () => {
      await worker.stop();
      worker = await startDispatcher(database);
    });
    receiver.behaviour = (_request, index) => (index === 0 ? { hang: true } : index === 1 ? { drop: true } : { status: 200 });
    const listing = await createListing(database.db);
    await recordEvents(database.db, [classifiedEvent(listing.classifieds[0]!)]);
    await receiver.waitFor((r) => r.accepted.length === 1, 15_000, "a delivery after a timeout and a dropped connection");
    await waitForDeliveryStatus(webhook.id, "succeeded");
    const [logged] = await listDeliveries(database.db, webhook.id, { limit: 1 });
    expect(logged?.attempts[0]?.error).toMatch(/timeout/);
    expect(logged?.attempts[1]?.statusCode).toBeNull();
    expect(logged?.attempts[1]?.error).toBeTruthy();
    expect(logged?.attempts[2]?.statusCode).toBe(200);
  });

  it("gives a message up after the last retry and then sends the listing's next change", async () => {
    const { webhook } = await setUp("classified-notification");
    const listing = await createListing(database.db);
    receiver.behaviour = (request) => ((JSON.parse(request.body) as { type: string }).type === "created" ? { status: 500 } : { status: 200 });
    await recordEvents(database.db, [classifiedEvent(listing.classifieds[0]!, "created"), classifiedEvent(listing.classifieds[0]!, "updated")]);
    await receiver.waitFor((r) => r.accepted.length === 1, 15_000, "the update after the creation was given up");
    // Four attempts: the first and the three retries of the test schedule.
    expect(receiver.requests.map((r) => (JSON.parse(r.body) as { type: string }).type)).toEqual(["created", "created", "created", "created", "updated"]);
    const statuses = await waitFor(async () => {
      const logged = await listDeliveries(database.db, webhook.id, { limit: 10 });
      return logged.every((d) => d.status !== "pending") ? logged.map((d) => d.status).sort() : undefined;
    });
    expect(statuses).toEqual(["failed", "succeeded"]);
  });

  it("disables the endpoint when the receiver answers 410 Gone", async () => {
    const { webhook } = await setUp("classified-notification");
    receiver.behaviour = () => ({ status: 410 });
    const listing = await createListing(database.db);
    await recordEvents(database.db, [classifiedEvent(listing.classifieds[0]!, "created"), classifiedEvent(listing.classifieds[0]!, "updated")]);
    await receiver.waitFor((r) => r.requests.length === 1, 15_000, "one attempt");
    const row = await waitFor(async () => {
      const [current] = await database.db.select().from(webhooks).where(eq(webhooks.id, webhook.id));
      return current?.status === "disabled" ? current : undefined;
    });
    expect(row.disabledReason).toMatch(/410/);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(receiver.requests).toHaveLength(1);
  });

  it("signs with both secrets while one is rotated", async () => {
    const { secret: oldSecret, viewer, webhook } = await setUp("classified-notification");
    const { secret: newSecret } = await rotateSecret(serviceDeps(database.db), viewer, webhook.id);
    const listing = await createListing(database.db);
    await recordEvents(database.db, [classifiedEvent(listing.classifieds[0]!)]);
    await receiver.waitFor((r) => r.accepted.length === 1, 15_000, "a delivery");
    const request = receiver.accepted[0]!;
    expect(String(request.headers["webhook-signature"]).split(" ")).toHaveLength(2);
    expect(() => WebhookReceiver.verify(request, oldSecret)).not.toThrow();
    expect(() => WebhookReceiver.verify(request, newSecret)).not.toThrow();
  });

  it("sends property notifications as GET /properties/{id} shows them", async () => {
    const { secret } = await setUp("property-notification");
    const listing = await createListing(database.db, { classifieds: [{}, { sourceDomain: "leboncoin.fr" }] });
    await recordEvents(database.db, [classifiedEvent(listing.classifieds[0]!), propertyEvent(listing.property, listing.classifieds)]);
    await receiver.waitFor((r) => r.accepted.length === 1, 15_000, "a property notification");
    const body = WebhookReceiver.verify(receiver.accepted[0]!, secret) as { id: string; classifieds: unknown[] };
    expect(body.id).toBe(listing.property.id);
    expect(body.classifieds).toHaveLength(2);
    const parsed = PropertiesShow200Response.safeParse({ property: body, meta: SAMPLE_META });
    expect(parsed.error?.issues ?? []).toEqual([]);
  });

  it("exports the classifieds in scope in batches with an exportId", async () => {
    const region = await createListing(database.db, { place: PLACES[3] });
    const second = await createListing(database.db, { place: PLACES[3] });
    await createListing(database.db, { place: PLACES[4] });
    const { secret } = await setUp("classifieds-export", { filter: { departments: ["33"] } });
    await receiver.waitFor((r) => r.accepted.length === 1, 15_000, "an export batch");
    const body = WebhookReceiver.verify(receiver.accepted[0]!, secret) as { exportId: string; items: { id: string }[] };
    expect(published.ClassifiedsExport.safeParse(body).success).toBe(true);
    expect(body.items.map((item) => item.id).sort()).toEqual([region.classifieds[0]!.id, second.classifieds[0]!.id].sort());
  });

  it("sends a large export in batches of at most 500, one at a time, under one exportId", async () => {
    const place = { ...PLACES[5]!, department: "972", inseeCode: "97209", postcode: "97200", cityName: "Fort-de-France" };
    const propertyRows = Array.from({ length: 620 }, () => propertyValues(place, { id: randomUUID() }));
    await database.db.insert(properties).values(propertyRows);
    const rows = propertyRows.map((property) => classifiedValues(property.id!, place)); // propertyValues sets ids
    for (let start = 0; start < rows.length; start += 200) await database.db.insert(classifieds).values(rows.slice(start, start + 200));
    const { secret } = await setUp("classifieds-export", { filter: { departments: ["972"] } });
    let inFlight = 0;
    let overlapped = false;
    receiver.behaviour = () => {
      inFlight += 1;
      if (inFlight > 1) overlapped = true;
      setTimeout(() => (inFlight -= 1), 150);
      return { status: 200, delayMs: 150 };
    };
    await receiver.waitFor((r) => r.accepted.length === 2, 30_000, "two export batches");
    const batches = receiver.accepted.map((request) => WebhookReceiver.verify(request, secret) as { exportId: string; items: { id: string }[] });
    expect(batches.map((batch) => batch.items.length)).toEqual([500, 120]);
    expect(new Set(batches.map((batch) => batch.exportId)).size).toBe(1);
    expect(new Set(batches.flatMap((batch) => batch.items.map((item) => item.id)))).toEqual(new Set(rows.map((row) => row.id)));
    expect(overlapped).toBe(false);
  });

  async function waitForDeliveryStatus(webhookId: string, status: string): Promise<void> {
    await waitFor(async () => {
      const rows = await database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, webhookId));
      return rows.length > 0 && rows.every((row) => row.status === status) ? true : undefined;
    });
  }
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
