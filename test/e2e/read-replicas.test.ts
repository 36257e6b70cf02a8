import { Writable } from "node:stream";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "../../src/config/env.js";
import { createToken } from "../../src/modules/auth/auth.service.js";
import { latestEventCursor } from "../../src/modules/events/event-log.repository.js";
import { type RunningServer, startServer } from "../../src/server.js";
import { observation, toLines } from "../factories/observations.js";
import { EVERYWHERE } from "../factories/viewers.js";
import { classifiedOf } from "../integration/ingest.helpers.js";
import { collect, DELTA_TEST_ENV, wsClient } from "../support/gateway-app.js";
import { startReplicaCluster, type ReplicaCluster } from "../support/replica-cluster.js";
import { runCli } from "../support/run-cli.js";
import { throwawayPostgresUnavailable } from "../support/throwaway-postgres.js";
import { WebhookReceiver } from "../support/webhook-receiver.js";

type Json = Record<string, unknown>;

describe("DATABASE_READ_URL without DATABASE_URL", () => {
  it("stops the server at start-up with an error naming the variable", async () => {
    const result = await runCli(["serve"], { DATABASE_READ_URL: "postgres://postgres@127.0.0.1:1/replica", PORT: "0" });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/DATABASE_READ_URL: read replicas need DATABASE_URL/);
  });
});

/**
 * The gateway on a primary (DATABASE_URL) and a streaming replica of it (DATABASE_READ_URL), both of the test's
 * own: the read API reads from the replica, everything else uses the primary. The replica's replay is paused
 * to make it lag: what the read API answers then is visibly the replica's, and what must see the latest writes
 * (webhook management, authentication, subscriptions, webhook dispatch) must still see them. A write sent to the
 * replica would fail (read-only, SQLSTATE 25006), so every write path exercised here proves it uses the primary.
 */
describe.skipIf(throwawayPostgresUnavailable !== undefined)("read replicas", { timeout: 120_000 }, () => {
  let cluster: ReplicaCluster;
  let server: RunningServer;
  let receiver: WebhookReceiver;
  let token: string;
  const cleanups: (() => unknown)[] = [];

  beforeAll(async () => {
    cluster = await startReplicaCluster();
    receiver = await new WebhookReceiver().start();
    const env = parseEnv({
      ...DELTA_TEST_ENV,
      DATABASE_URL: cluster.primaryUrl,
      DATABASE_READ_URL: cluster.replicaUrl,
      DATABASE_POOL_SIZE: "4",
      DATABASE_CONNECT_TIMEOUT_MS: "2000",
      DEMO_DATA: "false",
      PORT: "0",
    });
    const quiet = new Writable({ write: (_chunk, _encoding, done) => done() });
    server = await startServer({ env, output: quiet });
    token = (
      await createToken(server.database.db, {
        email: "operator@example.fr",
        name: "operator",
        plan: "enterprise500",
        contract: EVERYWHERE,
        scopes: ["read", "ingest", "webhooks", "admin"],
      })
    ).secret;
    await cluster.caughtUp();
  });

  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  afterAll(async () => {
    await server?.stop();
    await receiver?.stop();
    await cluster?.stop();
  });

  /** Pauses the replica's replay until the end of the test. */
  async function replicaLagging(): Promise<void> {
    await cluster.pauseReplay();
    cleanups.push(() => cluster.resumeReplay());
  }

  async function call(path: string, options: { method?: string; body?: unknown; bearer?: string } = {}) {
    const response = await fetch(`${server.url}${path}`, {
      method: options.method ?? "GET",
      headers: { authorization: `Bearer ${options.bearer ?? token}`, ...(options.body !== undefined ? { "content-type": "application/json" } : {}) },
      ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
    });
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: (text ? JSON.parse(text) : null) as Json };
  }

  async function graphql(query: string, variables: Json = {}) {
    const answer = await call("/graphql", { method: "POST", body: { query, variables } });
    return answer.body as { data?: Json | null; errors?: { message: string; extensions?: Json }[] };
  }

  /** Ingests one new listing through the admin API (a write: it must reach the primary); returns its ids. */
  async function ingestListing(): Promise<{ classifiedId: string; propertyId: string }> {
    const line = observation();
    const response = await fetch(`${server.url}/admin/v1/ingest`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/x-ndjson" },
      body: toLines([line]).join("\n"),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ received: 1, created: 1, rejected: 0 });
    const stored = await classifiedOf(server.database.db, line);
    return { classifiedId: stored.id, propertyId: stored.propertyId };
  }

  const PROPERTY = "query($id: UUID!) { property(id: $id) { id } }";

  it("serves REST and GraphQL reads from the replica, which shows a new listing only once it has replayed it", async () => {
    const seen = await ingestListing();
    await cluster.caughtUp();
    expect((await call(`/public/v1/properties/${seen.propertyId}`)).status).toBe(200);

    await replicaLagging();
    const fresh = await ingestListing();
    // Stored on the primary, not yet on the replica that the read API reads.
    expect((await call(`/public/v1/properties/${fresh.propertyId}`)).status).toBe(404);
    expect((await call(`/public/v1/classifieds/${fresh.classifiedId}`)).status).toBe(404);
    expect((await graphql(PROPERTY, { id: fresh.propertyId })).data).toEqual({ property: null });
    expect((await call(`/public/v1/properties/${seen.propertyId}`)).body).toMatchObject({ property: { id: seen.propertyId } });
    expect((await graphql(PROPERTY, { id: seen.propertyId })).data).toEqual({ property: { id: seen.propertyId } });

    await cluster.resumeReplay();
    await cluster.caughtUp();
    expect((await call(`/public/v1/properties/${fresh.propertyId}`)).body).toMatchObject({ property: { id: fresh.propertyId } });
    expect((await graphql(PROPERTY, { id: fresh.propertyId })).data).toEqual({ property: { id: fresh.propertyId } });
  });

  it("reads back a webhook just created, changed or deleted, over REST and GraphQL, however far the replica lags", async () => {
    await replicaLagging();
    const created = await call("/public/v1/webhooks", { method: "POST", body: { kind: "classified-notification", url: receiver.url() } });
    expect(created.status).toBe(201);
    const id = (created.body["webhook"] as Json)["id"] as string;
    expect((await call(`/public/v1/webhooks/${id}`)).body["webhook"]).toMatchObject({ id, status: "active" });
    expect(((await call("/public/v1/webhooks")).body["webhooks"] as Json[]).map((webhook) => webhook["id"])).toContain(id);
    const changed = await call(`/public/v1/webhooks/${id}`, { method: "PATCH", body: { description: "CRM" } });
    expect(changed.status).toBe(200);
    expect((await call(`/public/v1/webhooks/${id}`)).body["webhook"]).toMatchObject({ description: "CRM" });
    expect((await call(`/public/v1/webhooks/${id}`, { method: "DELETE" })).status).toBe(204);
    expect((await call(`/public/v1/webhooks/${id}`)).status).toBe(404);

    const made = await graphql("mutation($input: CreateWebhookInput!) { createWebhook(input: $input) { webhook { id } } }", {
      input: { kind: "property-notification", url: receiver.url() },
    });
    expect(made.errors).toBeUndefined();
    const madeId = (made.data?.["createWebhook"] as { webhook: { id: string } } | undefined)?.webhook.id;
    expect(madeId).toBeDefined();
    expect((await graphql("query($id: UUID!) { webhook(id: $id) { id kind } }", { id: madeId })).data).toEqual({
      webhook: { id: madeId, kind: "property-notification" },
    });
    expect((await graphql("mutation($id: UUID!) { deleteWebhook(id: $id) }", { id: madeId })).errors).toBeUndefined();
  });

  it("delivers webhooks and subscription events with the listing as the primary has it, while the replica lags", async () => {
    const created = await call("/public/v1/webhooks", { method: "POST", body: { kind: "classified-notification", url: receiver.url("/lagging") } });
    const webhookId = (created.body["webhook"] as Json)["id"] as string;
    cleanups.push(() => call(`/public/v1/webhooks/${webhookId}`, { method: "DELETE" }));
    const after = (await latestEventCursor(server.database.db)).toString();
    const { client } = wsClient(server.url.replace(/^http/, "ws") + "/graphql", token);
    cleanups.push(() => client.dispose());
    const events = collect<{ listingEvents: { resource: string; classified: { id: string } | null; property: { id: string } | null } }>(
      client,
      "subscription($after: String) { listingEvents(after: $after) { resource classified { id } property { id } } }",
      { after },
    );
    cleanups.push(events.dispose);

    await replicaLagging();
    const fresh = await ingestListing();
    const [first] = await events.waitFor(1);
    expect(first?.listingEvents).toEqual({ resource: "classified", classified: { id: fresh.classifiedId }, property: { id: fresh.propertyId } });
    const hooked = () => receiver.acceptedBodies().filter((body) => body["id"] === fresh.classifiedId);
    await receiver.waitFor(() => hooked().length > 0, 15_000, "the new classified's notification");
    expect(hooked()[0]).toMatchObject({ id: fresh.classifiedId, type: "created" });
    // Meanwhile the read API, on the replica, does not know it yet.
    expect((await call(`/public/v1/classifieds/${fresh.classifiedId}`)).status).toBe(404);
  });

  it("stops accepting a revoked token within the token cache's 3 s, however far the replica lags", async () => {
    const doomed = await createToken(server.database.db, {
      email: "leaving@example.fr",
      name: "leaving",
      plan: "starter30",
      contract: EVERYWHERE,
      scopes: ["read"],
    });
    await replicaLagging();
    expect((await call("/public/v1/auth", { bearer: doomed.secret })).status).toBe(200);
    expect((await call(`/admin/v1/tokens/${doomed.token.id}`, { method: "DELETE" })).status).toBe(200);
    const deadline = Date.now() + 6_000;
    let status = 200;
    while (status === 200 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      status = (await call("/public/v1/auth", { bearer: doomed.secret })).status;
    }
    expect(status).toBe(401);
  });

  it("turns /readyz 503 when the replica stops answering; reads answer 503, the primary's paths keep working", async () => {
    expect((await call("/readyz")).body).toEqual({ status: "ready", database: "postgres" });
    await cluster.stopReplica();
    const ready = await call("/readyz");
    expect(ready.status).toBe(503);
    expect(ready.body).toEqual({ status: "unavailable", message: "Read replica 1 does not answer (numbered as in DATABASE_READ_URL)." });
    const read = await call(`/public/v1/classifieds/${crypto.randomUUID()}`);
    expect(read.status).toBe(503);
    expect(read.headers.get("retry-after")).toBe("5");
    expect((await graphql(PROPERTY, { id: crypto.randomUUID() })).errors?.[0]?.extensions?.["code"]).toBe("SERVICE_UNAVAILABLE");
    const created = await call("/public/v1/webhooks", { method: "POST", body: { kind: "classified-notification", url: receiver.url() } });
    expect(created.status).toBe(201);
    await ingestListing();
  });
});
