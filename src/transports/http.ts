import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from "fastify";
import type { AppDeps } from "./app-deps.js";
import { UNMATCHED_ROUTE, httpRequestCounter, httpRequestDuration } from "../observability/metrics.js";
import { registerCompression } from "./compression.js";
import { installErrorHandlers } from "./http-errors.js";
import { registerOperationsRoutes } from "./operations/operations.routes.js";
import { graphqlPlugin } from "./graphql/graphql.plugin.js";
import { restV1Plugin } from "./rest-v1/plugin.js";
import { adminTokensRoutes } from "./admin/tokens.route.js";
import { adminIngestRoutes } from "./admin/ingest.route.js";
import { webhooksHttpPlugin } from "./rest-v1/webhooks/webhooks.routes.js";
import { subscriptionsPlugin } from "./graphql/subscriptions.plugin.js";
import { RateLimiter, sharedRateLimiter } from "../modules/rate-limit/rate-limiter.js";
import type { DatabaseHandle } from "../db/client.js";
import { databaseCounter } from "../modules/rate-limit/window-counters.js";
import { redisCounter } from "../modules/rate-limit/redis-counter.js";

export const REQUEST_ID_HEADER = "x-request-id";

/** Incoming request ids are echoed only when short and made of safe characters (they end up in logs). */
const VALID_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

function requestIdOf(request: IncomingMessage): string {
  const incoming = request.headers[REQUEST_ID_HEADER];
  return typeof incoming === "string" && VALID_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/**
 * The Fastify app: request ids, structured logs, request metrics, error handling, operations routes, then
 * every API layer as a plugin. Plugins load when the app becomes ready (`listen()`, `ready()` or `inject()`),
 * so this stays synchronous: an async function would resolve the thenable instance and make it ready too early.
 * Does not listen: `src/server.ts` does, and owns shutdown.
 */
export function buildApp(options: AppDeps): FastifyInstance {
  const redis = options.rateLimiter === undefined && options.env.REDIS_URL !== undefined ? redisCounter(options.env.REDIS_URL) : undefined;
  const deps: AppDeps = { ...options, rateLimiter: options.rateLimiter ?? (redis ? RateLimiter.countingIn(redis) : rateLimiterFor(options.database)) };
  // Typed as Fastify's logger interface so that the app is a plain FastifyInstance that layers can extend.
  const logger: FastifyBaseLogger = deps.logger;
  const app = Fastify({
    // Fastify derives a child logger per request from this one, carrying `reqId` on every line.
    loggerInstance: logger,
    genReqId: requestIdOf,
    // In-flight requests finish on close; idle keep-alive connections are closed at once.
    forceCloseConnections: "idle",
    return503OnClosing: true,
  });
  app.decorate("lifecycle", { shuttingDown: false });
  if (redis) app.addHook("onClose", () => redis.close());

  // Both hooks run on every request and do synchronous work only: callback hooks, which cost no promise.
  app.addHook("onSend", (request, reply, payload, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    // A keep-alive connection would hold the closing server open after its last response: end it instead.
    if (app.lifecycle.shuttingDown) reply.header("connection", "close");
    done(null, asUtf8Bytes(payload));
  });
  app.addHook("onResponse", (request, reply, done) => {
    const labels = {
      method: request.method,
      route: request.is404 ? UNMATCHED_ROUTE : (request.routeOptions.url ?? UNMATCHED_ROUTE),
      status: String(reply.statusCode),
    };
    httpRequestCounter.inc(labels);
    httpRequestDuration.observe(labels, reply.elapsedTime / 1000);
    done();
  });
  installErrorHandlers(app);
  registerCompression(app);
  registerOperationsRoutes(app, { database: deps.database, isShuttingDown: () => app.lifecycle.shuttingDown });

  // ── API layers ─────────────────────────────────────────────────────────────────────────────────────────
  // Each layer owner adds ONE line here registering its own plugin (an AppPlugin), e.g.
  //   app.register(graphqlLayer, deps);
  // Keep the order: GraphQL, REST v1, admin, websockets.
  // ───────────────────────────────────────────────────────────────────────────────────────────────────────
  app.register(graphqlPlugin, deps);
  app.register(restV1Plugin, deps);
  app.register(adminIngestRoutes, deps);
  app.register(adminTokensRoutes, deps);
  app.register(webhooksHttpPlugin, deps);
  app.register(subscriptionsPlugin, deps);

  return app;
}

/**
 * A text answer encoded to UTF-8 once, here. Given the text, Node measures its byte length for the header, then
 * joins it to the header and encodes it while writing: each a pass over the whole answer, and a French answer is
 * held as two-byte text as soon as it has one `œ` or `€`. For the 210 KB of a GraphQL page of 20 properties
 * with their classifieds, that cost 1.42 ms of CPU a request in a bare Node server against 1.13 ms with the bytes
 * (docs/performance.md); small answers cost the same either way.
 */
function asUtf8Bytes(payload: unknown): unknown {
  return typeof payload === "string" ? Buffer.from(payload, "utf8") : payload;
}

/**
 * The rate limiter of an app without REDIS_URL (with it, counts live in Redis): counting in PostgreSQL, so that
 * N gateway processes on one database give a token its plan's allowance once, not N times; in this process on
 * the embedded database, which one process owns.
 */
function rateLimiterFor(database: DatabaseHandle): RateLimiter {
  return database.kind === "postgres" ? RateLimiter.countingIn(databaseCounter(database.db)) : sharedRateLimiter;
}
