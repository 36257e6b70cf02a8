import type { FastifyInstance } from "fastify";
import { WebhookSender } from "../../../modules/webhooks/webhook-sender.js";
import { configureWebhookServices } from "../../../modules/webhooks/webhook-settings.js";
import type { AppDeps } from "../../app-deps.js";
import { edgeOf } from "../../edge.js";
import { registerEndpoints, toFastifyPath } from "../endpoint.js";
import { installV1ErrorHandlers } from "../errors.js";
import { WEBHOOK_ENDPOINTS, type WebhookServices } from "./webhooks.endpoints.js";

/** Where the operations live; their paths are relative to `/public/v1` and start with `/webhooks`. */
const PREFIX = "/public/v1";
const SCOPE_PATH = "/webhooks";

/** `/webhooks/{id}/test` → `/:id/test` inside the `/public/v1/webhooks` scope (`/` for the collection). */
function scopedPath(path: string): string {
  if (!path.startsWith(SCOPE_PATH)) throw new Error(`${path}: not under ${SCOPE_PATH}`);
  return toFastifyPath(path.slice(SCOPE_PATH.length)) || "/";
}

/**
 * Webhook management over REST, under `/public/v1/webhooks`, for tokens with the `webhooks` scope; errors in
 * the v1 shapes (401, 403, 404, 422, 429). Serves the endpoints of webhooks.endpoints.ts, as the read API serves
 * its own, with the webhook services (test sends, secret overlap) of this app's settings.
 */
export async function webhooksHttpPlugin(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const sender = new WebhookSender({ timeoutMs: deps.env.WEBHOOK_TIMEOUT_MS, allowPrivateNetworks: deps.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS });
  app.addHook("onClose", async () => sender.close());
  const services: WebhookServices = {
    db: deps.database.db,
    allowPrivateNetworks: deps.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS,
    secretOverlapMs: deps.env.WEBHOOK_SECRET_OVERLAP_MS,
    sender,
    timeoutMs: deps.env.WEBHOOK_TIMEOUT_MS,
    logger: deps.logger,
  };
  // The GraphQL resolvers find them by database.
  configureWebhookServices(deps.database.db, services);

  const edge = edgeOf(deps);
  await app.register(
    async (scope) => {
      installV1ErrorHandlers(scope);
      registerEndpoints(scope, edge, WEBHOOK_ENDPOINTS, services, scopedPath);
    },
    { prefix: `${PREFIX}${SCOPE_PATH}` },
  );
}
