import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  ClassifiedNotificationMessage,
  PropertyNotificationMessage,
  WebhookMessageHeaders,
} from "../../src/transports/rest-v1/webhooks/webhook-messages.schemas.js";
import {
  WebhookDeliveriesResponse,
  WebhookExportsResponse,
  WebhookListResponse,
  WebhookReplayResponse,
  WebhookResponse,
  WebhookTestResponse,
  WebhookWithSecretResponse,
} from "../../src/modules/webhooks/webhooks.schemas.js";
import { classifiedEvent, recordEvents } from "../factories/events.js";
import { createListing } from "../factories/listings.js";
import { createBearer } from "../factories/viewers.js";
import { webhookOwner } from "../factories/webhooks.js";
import { createTestDatabase, type TestDatabase } from "../support/database.js";
import { startGatewayApp, type GatewayApp } from "../support/gateway-app.js";
import { WebhookReceiver } from "../support/webhook-receiver.js";

type Json = Record<string, unknown>;

/** A response body must be exactly what the OpenAPI document says (the schemas are strict). */
function expectDocumented(schema: z.ZodType, body: unknown): void {
  expect(schema.safeParse(body).error).toBeUndefined();
}

describe("webhook management: REST /public/v1/webhooks and GraphQL", () => {
  let database: TestDatabase;
  let gateway: GatewayApp;
  let strict: GatewayApp;
  let receiver: WebhookReceiver;
  let token: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    gateway = await startGatewayApp(database);
    strict = await startGatewayApp(database, { WEBHOOK_ALLOW_PRIVATE_NETWORKS: "false", WEBHOOK_DISPATCHER: "false" });
    receiver = await new WebhookReceiver().start();
    token = (await webhookOwner(database.db)).token;
  });
  afterAll(async () => {
    await receiver.stop();
    await strict.close();
    await gateway.close();
    await database.close();
  });

  async function call(path: string, options: { method?: string; body?: unknown; bearer?: string | null; app?: GatewayApp } = {}) {
    const bearer = options.bearer === undefined ? token : options.bearer;
    const response = await fetch(`${(options.app ?? gateway).base}/public/v1/webhooks${path}`, {
      method: options.method ?? "GET",
      headers: {
        ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
        ...(options.body !== undefined ? { "content-type": "application/json" } : {}),
      },
      ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as Json };
  }

  it("needs a token (401) with the webhooks scope (403)", async () => {
    expect((await call("", { bearer: null })).status).toBe(401);
    expect((await call("", { bearer: "unknown-token-value" })).body).toEqual({ message: "Unauthenticated." });
    const readOnly = await createBearer(database.db);
    const refused = await call("", { bearer: readOnly });
    expect(refused.status).toBe(403);
    expect(refused.body["message"]).toMatch(/webhooks scope/);
    // The scope is checked before the input: an invalid body from such a token is still a 403.
    expect((await call("", { method: "POST", bearer: readOnly, body: { kind: "nope" } })).status).toBe(403);
    expect((await call("/not-a-uuid/deliveries?limit=0", { bearer: readOnly })).status).toBe(403);
  });

  it("refuses URLs on loopback, private or link-local networks and non-http schemes (422)", async () => {
    for (const url of [
      "http://127.0.0.1:9/hook",
      "http://localhost/hook",
      "http://10.0.0.1/hook",
      "http://169.254.169.254/",
      "http://[::1]/x",
      "ftp://example.com/",
    ]) {
      const response = await call("", { method: "POST", body: { kind: "classified-notification", url }, app: strict });
      expect(response.status, url).toBe(422);
      expect(response.body["errors"], url).toHaveProperty("url");
    }
  });

  it("validates the kind and the filter, field by field (422)", async () => {
    const response = await call("", {
      method: "POST",
      body: { kind: "everything", url: receiver.url(), filter: { departments: ["99"], propertyTypes: ["castle"] } },
    });
    expect(response.status).toBe(422);
    expect(response.body["errors"]).toEqual({
      kind: ["must be one of classified-notification, property-notification, classifieds-export"],
      "filter.departments": ['"99" is not a valid value'],
      "filter.propertyTypes": ['"castle" is not a valid value'],
    });
    const long = await call("", { method: "POST", body: { url: receiver.url(), description: "x".repeat(501) } });
    expect(long.status).toBe(422);
    expect(long.body["errors"]).toEqual({ kind: ["is required"], description: ["at most 500 characters"] });
    const paging = await call("/00000000-0000-4000-8000-000000000000/deliveries?limit=101");
    expect(paging.status).toBe(422);
    expect(Object.keys(paging.body["errors"] as Json)).toEqual(["limit"]);
    expect((await call("", { method: "POST", body: { kind: "classified-notification", url: receiver.url(), extra: 1 } })).status).toBe(422);
  });

  it("creates (secret shown once), lists, reads, tests, replays, rotates and deletes", async () => {
    const created = await call("", {
      method: "POST",
      body: { kind: "classified-notification", url: receiver.url(), description: "CRM sync", filter: { departments: ["75"] } },
    });
    expect(created.status).toBe(201);
    expectDocumented(WebhookWithSecretResponse, created.body);
    const secret = created.body["secret"] as string;
    expect(secret).toMatch(/^whsec_/);
    const webhook = created.body["webhook"] as Json;
    expect(webhook).toMatchObject({ kind: "classified-notification", status: "active", filter: { departments: ["75"] } });
    expect(JSON.stringify(webhook)).not.toContain(secret);
    const id = webhook["id"] as string;

    const listed = await call("");
    expectDocumented(WebhookListResponse, listed.body);
    expect((listed.body["webhooks"] as Json[]).map((w) => w["id"])).toContain(id);
    expect(JSON.stringify(listed.body)).not.toContain("whsec_");
    const read = await call(`/${id}`);
    expectDocumented(WebhookResponse, read.body);
    expect(read.body["webhook"]).toMatchObject({ id, description: "CRM sync" });

    const tested = await call(`/${id}/test`, { method: "POST" });
    expect(tested.status).toBe(200);
    expectDocumented(WebhookTestResponse, tested.body);
    expect(tested.body["delivery"]).toMatchObject({ eventType: "test", status: "succeeded", attempts: [{ number: 1, statusCode: 200 }] });
    const request = receiver.requests.at(-1)!;
    expect(() => WebhookReceiver.verify(request, secret)).not.toThrow();
    // What the subscriber receives is what the document's `webhooks` section describes.
    expect(WebhookMessageHeaders.safeParse(request.headers).error).toBeUndefined();
    expect(ClassifiedNotificationMessage.safeParse(JSON.parse(request.body)).error).toBeUndefined();

    const listing = await createListing(database.db);
    const [event] = await recordEvents(database.db, [classifiedEvent(listing.classifieds[0]!)]);
    await receiver.waitFor((r) => r.accepted.some((req) => (JSON.parse(req.body) as Json)["id"] === listing.classifieds[0]!.id));
    const log = await call(`/${id}/deliveries?limit=10`);
    expectDocumented(WebhookDeliveriesResponse, log.body);
    const notification = receiver.accepted.find((req) => (JSON.parse(req.body) as Json)["id"] === listing.classifieds[0]!.id)!;
    expect(WebhookMessageHeaders.safeParse(notification.headers).error).toBeUndefined();
    expect(ClassifiedNotificationMessage.safeParse(JSON.parse(notification.body)).error).toBeUndefined();
    const deliveries = log.body["deliveries"] as Json[];
    expect(deliveries[0]).toMatchObject({ eventCursor: event!.id.toString(), eventType: "created", status: expect.stringMatching(/pending|succeeded/) });
    expect(deliveries.map((d) => d["eventType"])).toContain("test");

    const replayed = await call(`/${id}/replay`, { method: "POST", body: { after: (event!.id - 1n).toString() } });
    expect(replayed.status).toBe(202);
    expectDocumented(WebhookReplayResponse, replayed.body);
    expect(replayed.body["cursor"]).toBe((event!.id - 1n).toString());
    expect((await call(`/${id}/replay`, { method: "POST", body: { after: "yesterday" } })).status).toBe(422);

    const rotated = await call(`/${id}/rotate-secret`, { method: "POST" });
    expectDocumented(WebhookWithSecretResponse, rotated.body);
    expect(rotated.body["secret"]).toMatch(/^whsec_/);
    expect(rotated.body["secret"]).not.toBe(secret);

    const disabled = await call(`/${id}`, { method: "PATCH", body: { enabled: false } });
    expectDocumented(WebhookResponse, disabled.body);
    expect((await call(`/${id}`, { method: "PATCH", body: { filter: { sirens: ["123"] } } })).body["errors"]).toEqual({
      "filter.sirens": ['"123" is not a valid value'],
    });
    expect(disabled.body["webhook"]).toMatchObject({ status: "disabled", disabledReason: "disabled by its owner" });

    const deleted = await fetch(`${gateway.base}/public/v1/webhooks/${id}`, { method: "DELETE", headers: { authorization: `Bearer ${token}` } });
    expect(deleted.status).toBe(204);
    expect(await deleted.text()).toBe("");
    expect((await call(`/${id}`)).status).toBe(404);
  });

  it("serves property notifications and exports in their documented shapes", async () => {
    const property = await call("", { method: "POST", body: { kind: "property-notification", url: receiver.url() } });
    const propertyId = (property.body["webhook"] as Json)["id"] as string;
    expectDocumented(WebhookTestResponse, (await call(`/${propertyId}/test`, { method: "POST" })).body);
    const sent = receiver.requests.at(-1)!;
    expect(sent.headers["webhook-endpoint-id"]).toBe(propertyId);
    expect(WebhookMessageHeaders.safeParse(sent.headers).error).toBeUndefined();
    expect(PropertyNotificationMessage.safeParse(JSON.parse(sent.body)).error).toBeUndefined();

    const exporter = await call("", { method: "POST", body: { kind: "classifieds-export", url: receiver.url() } });
    const exportId = (exporter.body["webhook"] as Json)["id"] as string;
    const replayed = await call(`/${exportId}/replay`, { method: "POST" });
    expect(replayed.status).toBe(202);
    expectDocumented(WebhookReplayResponse, replayed.body);
    const runs = await call(`/${exportId}/exports`);
    expectDocumented(WebhookExportsResponse, runs.body);
    expect((runs.body["exports"] as Json[]).map((run) => run["exportId"])).toContain(replayed.body["exportId"]);
    expect((await call(`/${propertyId}`, { method: "DELETE" })).status).toBe(204);
  });

  it("hides other accounts' webhooks (404)", async () => {
    const other = await webhookOwner(database.db);
    const created = await call("", { method: "POST", bearer: other.token, body: { kind: "property-notification", url: receiver.url() } });
    const id = (created.body["webhook"] as Json)["id"] as string;
    expect((await call(`/${id}`)).status).toBe(404);
    expect((await call(`/${id}/deliveries`)).status).toBe(404);
    expect((await call(`/${id}`, { method: "DELETE" })).status).toBe(404);
    expect((await call("/not-a-uuid")).status).toBe(404);
  });

  it("offers the same management as GraphQL operations", async () => {
    const graphql = async (query: string, variables: Json = {}) => {
      const response = await fetch(`${gateway.base}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        body: JSON.stringify({ query, variables }),
      });
      return (await response.json()) as { data?: Json; errors?: Json[] };
    };
    const created = await graphql(
      `mutation($input: CreateWebhookInput!) { createWebhook(input: $input) { secret webhook { id kind status filter { sourceDomains } } } }`,
      { input: { kind: "classifieds-export", url: receiver.url(), filter: { sourceDomains: ["www.SeLoger.com"] } } },
    );
    expect(created.errors).toBeUndefined();
    const result = created.data?.["createWebhook"] as { secret: string; webhook: { id: string; filter: { sourceDomains: string[] } } };
    expect(result.secret).toMatch(/^whsec_/);
    expect(result.webhook.filter.sourceDomains).toEqual(["seloger.com"]);
    const listed = await graphql(`{ webhooks { id } }`);
    const webhooks = listed.data?.["webhooks"] as Json[];
    expect(webhooks.map((w) => w["id"])).toContain(result.webhook.id);
    const refused = await graphql(`mutation { createWebhook(input: { kind: "nope", url: "ftp://x" }) { secret } }`);
    expect(refused.errors?.[0]?.["extensions"]).toMatchObject({ code: "BAD_USER_INPUT" });
    const deleted = await graphql(`mutation($id: UUID!) { deleteWebhook(id: $id) }`, { id: result.webhook.id });
    expect(deleted.data).toEqual({ deleteWebhook: true });
  });
});
