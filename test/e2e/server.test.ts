import { Writable } from "node:stream";
import type { FastifyInstance } from "fastify";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "../../src/config/env.js";
import { Authenticator } from "../../src/modules/auth/auth.service.js";
import { closeGracefully } from "../../src/transports/graceful-close.js";
import { buildApp } from "../../src/transports/http.js";
import { createTestDatabase, type TestDatabase } from "../support/database.js";

/** Collects the JSON log lines the app writes. */
function logCollector() {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString("utf8").split("\n").filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { lines, logger: pino({ level: "info" }, stream) };
}

function deferred() {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe("HTTP app", () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let base: string;
  const logs = logCollector();
  const slowEntered = deferred();
  const slowRelease = deferred();

  beforeAll(async () => {
    database = await createTestDatabase();
    app = buildApp({
      database,
      authenticator: new Authenticator(database.db),
      env: parseEnv({ NODE_ENV: "test" }),
      logger: logs.logger,
    });
    // Test-only routes: one that fails unexpectedly, one that stays in flight until released.
    app.get("/test/boom", async () => {
      throw new Error("secret internal detail");
    });
    app.post("/test/echo", async (request) => ({ received: request.body }));
    app.get("/test/slow", async () => {
      slowEntered.resolve();
      await slowRelease.promise;
      return { finished: true };
    });
    await app.listen({ host: "127.0.0.1", port: 0 });
    const address = app.server.address();
    if (address === null || typeof address === "string") throw new Error("expected a TCP address");
    base = `http://127.0.0.1:${address.port}`;
  });

  afterAll(async () => {
    slowRelease.resolve();
    await app.close();
    await database.close();
  });

  it("answers /healthz", async () => {
    const response = await fetch(`${base}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
  });

  it("answers / with a landing page that links to the APIs, the docs and the operations endpoints", async () => {
    const page = await fetch(`${base}/`, { headers: { accept: "text/html" } });
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await page.text();
    for (const href of ["/graphql", "/docs", "/healthz", "/readyz", "/metrics", "/public/v1/openapi.json"]) expect(html).toContain(`href="${href}"`);
    expect(html).toMatch(/token create/);
    const json = await fetch(`${base}/`, { headers: { accept: "application/json" } });
    expect(await json.json()).toMatchObject({
      name: "Listings Gateway",
      links: expect.arrayContaining([{ rel: "graphql", href: "/graphql", title: expect.any(String) }]),
    });
    for (const link of ["/healthz", "/readyz", "/metrics", "/public/v1/openapi.json"]) expect((await fetch(`${base}${link}`)).status, link).toBe(200);
  });

  it("answers /readyz when the database answers", async () => {
    const response = await fetch(`${base}/readyz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ready", database: database.kind });
  });

  it("echoes a valid incoming request id and logs every line of the request with it", async () => {
    const response = await fetch(`${base}/healthz`, { headers: { "x-request-id": "req-abc.123" } });
    expect(response.headers.get("x-request-id")).toBe("req-abc.123");
    const requestLines = logs.lines.filter((line) => line["reqId"] === "req-abc.123");
    expect(requestLines.map((line) => line["msg"])).toEqual(["incoming request", "request completed"]);
  });

  it("replaces an invalid incoming request id with a generated uuid", async () => {
    const response = await fetch(`${base}/healthz`, { headers: { "x-request-id": "bad id with spaces" } });
    expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    const none = await fetch(`${base}/healthz`);
    const generated = none.headers.get("x-request-id");
    expect(generated).toMatch(/^[0-9a-f-]{36}$/);
    expect(generated).not.toBe(response.headers.get("x-request-id"));
  });

  it("answers unknown routes with a JSON 404 that carries the request id", async () => {
    const response = await fetch(`${base}/no/such/route`, { headers: { "x-request-id": "r404" } });
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(response.headers.get("x-request-id")).toBe("r404");
    expect(await response.json()).toEqual({ message: "Not found." });
  });

  it("hides unexpected errors behind a 500 and logs them with the request id", async () => {
    const response = await fetch(`${base}/test/boom`, { headers: { "x-request-id": "r500" } });
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ message: "Server error." });
    expect(text).not.toContain("secret internal detail");
    const logged = logs.lines.find((line) => line["reqId"] === "r500" && line["msg"] === "request failed");
    expect(logged?.["level"]).toBe(50);
  });

  it("answers a malformed JSON body with a 400 message, not a 500", async () => {
    const response = await fetch(`${base}/test/echo`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-request-id": "r400" },
      body: "{not json",
    });
    expect(response.status).toBe(400);
    expect(response.headers.get("x-request-id")).toBe("r400");
    const body: unknown = await response.json();
    expect(body).toEqual({ message: expect.stringMatching(/json/i) });
  });

  it("serves Prometheus metrics with request counts and latencies by route pattern", async () => {
    await fetch(`${base}/healthz`);
    await fetch(`${base}/unknown-${Date.now()}`);
    const response = await fetch(`${base}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    const body = await response.text();
    expect(body).toMatch(/^listings_http_requests_total\{method="GET",route="\/healthz",status="200"\} \d+$/m);
    expect(body).toMatch(/^listings_http_requests_total\{method="GET",route="unmatched",status="404"\} \d+$/m);
    expect(body).toMatch(/^listings_http_request_duration_seconds_bucket\{le="\+Inf",method="GET",route="\/healthz",status="200"\} \d+$/m);
    expect(body).toContain("# TYPE listings_ingest_observations_total counter");
    expect(body).toContain("# TYPE listings_deltas_total counter");
    expect(body).toContain("listings_process_resident_memory_bytes");
  });

  it("shuts down gracefully: refuses new work, finishes the request in flight", async () => {
    const inFlight = fetch(`${base}/test/slow`);
    await slowEntered.promise;
    const closing = closeGracefully(app, 10_000);
    expect(app.lifecycle.shuttingDown).toBe(true);
    // A new request is not served normally: the listener is closed (connection refused) or it gets 503.
    const late = await fetch(`${base}/healthz`).then(
      (response) => response.status,
      () => "refused",
    );
    expect([503, "refused"]).toContain(late);
    slowRelease.resolve();
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ finished: true });
    await expect(closing).resolves.toEqual({ forced: false });
  });
});

describe("readiness without a database", () => {
  it("answers /readyz with 503 and a JSON reason when the database does not answer", async () => {
    const database = await createTestDatabase();
    const app = buildApp({
      database,
      authenticator: new Authenticator(database.db),
      env: parseEnv({ NODE_ENV: "test" }),
      logger: pino({ level: "silent" }),
    });
    // Layers may use the database while loading: the app is ready before the database goes away.
    await app.ready();
    await database.close();
    const response = await app.inject({ method: "GET", url: "/readyz" });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: "unavailable", message: "The database does not answer." });
    const health = await app.inject({ method: "GET", url: "/healthz" });
    expect(health.statusCode).toBe(200);
    await app.close();
  });
});
