import { Writable } from "node:stream";
import type { FastifyInstance } from "fastify";
import { pino } from "pino";
import { parseEnv } from "../../src/config/env.js";
import { Authenticator } from "../../src/modules/auth/auth.service.js";
import { buildApp } from "../../src/transports/http.js";
import { createTestDatabase, type TestDatabase } from "../support/database.js";

/**
 * The whole app (as `listings serve` builds it) on an ephemeral loopback port, over a fresh test database, for
 * the REST v1 end-to-end tests. Log lines are collected so tests can match them to responses.
 */
export type V1Harness = {
  database: TestDatabase;
  app: FastifyInstance;
  base: string;
  logs: Record<string, unknown>[];
  /** `fetch` of a v1 path (`/classifieds/...`) with an optional bearer token. */
  call(path: string, options?: { token?: string | null; method?: string; body?: unknown; headers?: Record<string, string> }): Promise<V1Response>;
  close(): Promise<void>;
};

export type V1Response = { status: number; headers: Headers; body: unknown; json: Record<string, unknown> };

export async function startV1Harness(): Promise<V1Harness> {
  const logs: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      // pino writes one JSON object per line.
      for (const line of chunk.toString("utf8").split("\n").filter(Boolean)) logs.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  const database = await createTestDatabase();
  const app = buildApp({
    database,
    authenticator: new Authenticator(database.db),
    env: parseEnv({ NODE_ENV: "test" }),
    logger: pino({ level: "info" }, stream),
  });
  await app.listen({ host: "127.0.0.1", port: 0 });
  const address = app.server.address();
  if (address === null || typeof address === "string") throw new Error("expected a TCP address");
  const base = `http://127.0.0.1:${address.port}`;

  async function call(path: string, options: Parameters<V1Harness["call"]>[1] = {}): Promise<V1Response> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers["authorization"] = `Bearer ${options.token}`;
    if (options.body !== undefined) headers["content-type"] = "application/json";
    const response = await fetch(`${base}/public/v1${path}`, {
      method: options.method ?? (options.body === undefined ? "GET" : "POST"),
      headers,
      body: options.body === undefined ? undefined : typeof options.body === "string" ? options.body : JSON.stringify(options.body),
    });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      // Not JSON: tests that expect JSON fail on `json` below.
    }
    // A non-null, non-array object (checked) is a record of its keys.
    const json = typeof body === "object" && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
    return { status: response.status, headers: response.headers, body, json };
  }

  return {
    database,
    app,
    base,
    logs,
    call,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
