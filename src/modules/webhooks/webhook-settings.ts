import { env } from "../../config/env.js";
import type { Database } from "../../db/client.js";
import type { ContextLogger } from "../request-context.js";
import { WebhookSender } from "./webhook-sender.js";
import type { WebhookTestDeps } from "./webhook-test.service.js";

const configured = new WeakMap<Database, WebhookTestDeps>();

/**
 * Records the webhook settings an app serves with (called by the REST plugin, read by the GraphQL resolvers,
 * which only see the request context). One app serves a database handle; should several be built on the same
 * handle (tests), the first one's settings stay.
 */
export function configureWebhookServices(db: Database, deps: WebhookTestDeps): void {
  if (!configured.has(db)) configured.set(db, deps);
}

/**
 * The webhook settings for a database: those of the app serving it, or (a schema used outside the app, such
 * as in a script) the process environment's.
 */
export function webhookServicesFor(db: Database, logger: ContextLogger): WebhookTestDeps {
  let deps = configured.get(db);
  if (!deps) {
    const settings = env();
    deps = {
      db,
      allowPrivateNetworks: settings.WEBHOOK_ALLOW_PRIVATE_NETWORKS,
      secretOverlapMs: settings.WEBHOOK_SECRET_OVERLAP_MS,
      timeoutMs: settings.WEBHOOK_TIMEOUT_MS,
      sender: new WebhookSender({ timeoutMs: settings.WEBHOOK_TIMEOUT_MS, allowPrivateNetworks: settings.WEBHOOK_ALLOW_PRIVATE_NETWORKS }),
      logger,
    };
    configured.set(db, deps);
  }
  return deps;
}
