import type { FastifyInstance } from "fastify";
import type { DatabaseHandle } from "../../db/client.js";
import { pingDatabase } from "../../modules/health/health.repository.js";
import { metricsRegistry } from "../../observability/metrics.js";
import { registerLandingRoute } from "./landing.route.js";

/** How long /readyz waits for `select 1` before it declares the database unavailable. */
const READINESS_TIMEOUT_MS = 2_000;

/**
 * /healthz: the process is alive and serving. /readyz: it can do useful work (the database answers and it is
 * not shutting down); load balancers take it out of rotation on 503. /metrics: Prometheus text format.
 */
export function registerOperationsRoutes(app: FastifyInstance, deps: { database: DatabaseHandle; isShuttingDown(): boolean }): void {
  registerLandingRoute(app);
  app.get("/healthz", async () => ({ status: "ok" }));

  app.get("/readyz", async (request, reply) => {
    if (deps.isShuttingDown()) {
      return reply.code(503).send({ status: "unavailable", message: "Shutting down." });
    }
    if (!(await pingDatabase(deps.database.db, READINESS_TIMEOUT_MS))) {
      request.log.warn("readiness check: the database does not answer");
      return reply.code(503).send({ status: "unavailable", message: "The database does not answer." });
    }
    return { status: "ready", database: deps.database.kind };
  });

  app.get("/metrics", async (_request, reply) => {
    const body = await metricsRegistry.metrics();
    return reply.header("content-type", metricsRegistry.contentType).send(body);
  });
}
