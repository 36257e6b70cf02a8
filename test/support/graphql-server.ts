import type { TypedDocumentNode } from "@graphql-typed-document-node/core";
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from "fastify";
import { print } from "graphql";
import { pino } from "pino";
import { parseEnv } from "../../src/config/env.js";
import type { DatabaseHandle } from "../../src/db/client.js";
import { Authenticator } from "../../src/modules/auth/auth.service.js";
import type { RateLimiter } from "../../src/modules/rate-limit/rate-limiter.js";
import { graphqlPlugin } from "../../src/transports/graphql/graphql.plugin.js";

export type GraphqlServer = { app: FastifyInstance; url: string; close(): Promise<void> };

/**
 * The settings the tests' servers run with: the defaults, but for the fast paths, which follow `FAST_PATHS` when
 * it is set (`.ci/run` runs the GraphQL tests once more with none of them).
 */
export const TEST_FAST_PATHS: Record<string, string> = process.env["FAST_PATHS"] ? { FAST_PATHS: process.env["FAST_PATHS"] } : {};

/** A Fastify app serving only the GraphQL layer, listening on a loopback port. */
export async function startGraphqlServer(
  database: DatabaseHandle,
  options: { rateLimiter?: RateLimiter; env?: Record<string, string> } = {},
): Promise<GraphqlServer> {
  const logger = pino({ level: "silent" });
  const baseLogger: FastifyBaseLogger = logger;
  const app = Fastify({ loggerInstance: baseLogger });
  await app.register(graphqlPlugin, {
    database,
    authenticator: new Authenticator(database.db),
    env: parseEnv({ ...TEST_FAST_PATHS, ...options.env }),
    logger,
    ...(options.rateLimiter ? { rateLimiter: options.rateLimiter } : {}),
  });
  const address = await app.listen({ host: "127.0.0.1", port: 0 });
  return { app, url: `${address}/graphql`, close: () => app.close() };
}

export type GraphqlResponse<T = Record<string, unknown>> = {
  status: number;
  headers: Headers;
  body: {
    data?: T | null;
    errors?: { message: string; path?: (string | number)[]; extensions?: Record<string, unknown> }[];
    extensions?: Record<string, unknown>;
  };
};

/** POSTs one operation with a bearer token (or none) and returns status, headers and the parsed body. */
export async function postGraphql<T = Record<string, unknown>>(
  url: string,
  token: string | null,
  query: string,
  variables?: Record<string, unknown>,
): Promise<GraphqlResponse<T>> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  const text = await response.text();
  // The server answers JSON; a test fails loudly if not.
  return { status: response.status, headers: response.headers, body: JSON.parse(text) as GraphqlResponse<T>["body"] };
}

/** Runs a typed document (see codegen.ts) and returns its typed response. */
export async function runOperation<TData, TVariables extends Record<string, unknown>>(
  url: string,
  token: string | null,
  document: TypedDocumentNode<TData, TVariables>,
  variables?: TVariables,
): Promise<GraphqlResponse<TData>> {
  return postGraphql<TData>(url, token, print(document), variables);
}
