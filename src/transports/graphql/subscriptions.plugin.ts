import type { FastifyInstance } from "fastify";
import { DOCUMENT_LIMITS, armorProtection } from "./limits.js";
import { servedGraphqlSchema } from "./schema.js";
import type { AppDeps } from "../app-deps.js";
import { edgeOf } from "../edge.js";
import { acquireEventBus } from "../../modules/events/shared-event-bus.js";
import { attachSubscriptions } from "./subscriptions.server.js";

/**
 * GraphQL subscriptions over websockets on `/graphql` (graphql-ws, subprotocol `graphql-transport-ws`), next to
 * the HTTP GraphQL endpoint: the same schema and document limits. Upgrades are handled by a bare `ws` server
 * on the app's HTTP server; it is closed before the HTTP server (`preClose`), so open sockets do not hold the
 * shutdown, and the process's event bus is released when the app closes.
 */
export async function subscriptionsPlugin(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const schema = await servedGraphqlSchema();
  const { bus, release } = await acquireEventBus(deps.database, { pollIntervalMs: deps.env.EVENTS_POLL_INTERVAL_MS, logger: deps.logger });
  const server = attachSubscriptions(app.server, schema, {
    edge: edgeOf(deps),
    bus,
    logger: deps.logger,
    authRecheckMs: deps.env.SUBSCRIPTION_AUTH_RECHECK_MS,
    validationRules: armorProtection().validationRules,
    maxTokens: DOCUMENT_LIMITS.maxTokens,
    maxPayloadBytes: DOCUMENT_LIMITS.maxBytes,
    isProduction: deps.env.NODE_ENV === "production",
  });
  app.addHook("preClose", async () => {
    await server.close();
  });
  app.addHook("onClose", async () => {
    await release();
  });
}
