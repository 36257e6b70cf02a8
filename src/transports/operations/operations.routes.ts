import type { FastifyInstance } from "fastify";
import type { DatabaseHandle } from "../../db/client.js";
import { pingDatabase } from "../../modules/health/health.repository.js";
import { metricsRegistry } from "../../observability/metrics.js";
import { registerLandingRoute } from "./landing.route.js";

/** How long /readyz waits for `select 1` before it declares the database unavailable. */
const READINESS_TIMEOUT_MS = 2_000;

/**
 * /healthz: the process is alive and serving. /readyz: it can do useful work (the database and its read
 * replicas answer and it is not shutting down); load balancers take it out of rotation on 503. /metrics: Prometheus text format.
 */
export function registerOperationsRoutes(app: FastifyInstance, deps: { database: DatabaseHandle; isShuttingDown(): boolean }): void {
  registerLandingRoute(app);
  app.get("/healthz", async () => ({ status: "ok" }));

  app.get("/readyz", async (request, reply) => {
    if (deps.isShuttingDown()) {
      return reply.code(503).send({ status: "unavailable", message: "Shutting down." });
    }
    // The primary and every read replica, at once: the read API depends on the replicas as much as the rest
    // depends on the primary.
    const { db, readReplicas } = deps.database;
    const [primaryAnswers, ...replicasAnswer] = await Promise.all([db, ...readReplicas].map((each) => pingDatabase(each, READINESS_TIMEOUT_MS)));
    if (!primaryAnswers) {
      request.log.warn("readiness check: the database does not answer");
      return reply.code(503).send({ status: "unavailable", message: "The database does not answer." });
    }
    const silent = replicasAnswer.flatMap((answers, index) => (answers ? [] : [index + 1]));
    if (silent.length > 0) {
      request.log.warn({ replicas: silent }, "readiness check: a read replica does not answer");
      const which = silent.length === 1 ? `Read replica ${silent.join("")} does` : `Read replicas ${silent.join(", ")} do`;
      return reply.code(503).send({ status: "unavailable", message: `${which} not answer (numbered as in DATABASE_READ_URL).` });
    }
    return { status: "ready", database: deps.database.kind };
  });

  app.get("/metrics", async (_request, reply) => {
    const body = await metricsRegistry.metrics();
    return reply.header("content-type", metricsRegistry.contentType).send(body);
  });
}
