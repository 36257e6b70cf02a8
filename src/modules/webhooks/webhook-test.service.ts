import { randomUUID } from "node:crypto";
import type { WebhookRow } from "../../db/schema/index.js";
import type { Viewer } from "../auth/auth.types.js";
import { createRequestContext, type ContextLogger } from "../request-context.js";
import { attemptMessage, judgeAttempt } from "./webhook-attempt.js";
import { recordAttempts } from "./webhook-dispatch.repository.js";
import { latestMatchingClassified } from "./webhook-exports.repository.js";
import { classifiedNotification, exportItem, propertyNotification } from "./webhook-payloads.js";
import type { WebhookSender } from "./webhook-sender.js";
import { getWebhook, type WebhookServiceDeps } from "./webhooks.service.js";
import { insertDelivery, listDeliveries, type DeliveryWithAttempts } from "./webhooks.repository.js";

export type WebhookTestDeps = WebhookServiceDeps & { sender: WebhookSender; timeoutMs: number; logger: ContextLogger };

/**
 * Sends one test message to the webhook now and returns it with the attempt's outcome (also kept in the
 * delivery log). The body has the shape of the webhook's kind, built from the most recently changed classified
 * the webhook may receive (with `type: "test"` for classified notifications), or `{ "type": "test" }` when it
 * may receive none yet. A test is attempted once, never retried, and does not count towards disabling.
 */
export async function testWebhook(deps: WebhookTestDeps, viewer: Viewer, id: string): Promise<DeliveryWithAttempts> {
  const webhook = await getWebhook(deps, viewer, id);
  const payload = JSON.stringify(await samplePayload(deps, viewer, webhook));
  const owner = `test:${randomUUID()}`;
  const delivery = await insertDelivery(deps.db, {
    webhookId: webhook.id,
    eventType: "test",
    orderingKey: `test:${randomUUID()}`,
    payload,
    attemptCount: 1,
    leaseOwner: owner,
    leaseExpiresAt: new Date(Date.now() + deps.timeoutMs + 5_000),
  });
  const claimed = {
    ...delivery,
    url: webhook.url,
    secret: webhook.secret,
    previousSecret: webhook.previousSecret,
    previousSecretExpiresAt: webhook.previousSecretExpiresAt,
    failingSince: webhook.failingSince,
  };
  const outcome = await deps.sender.send(attemptMessage(claimed, new Date()));
  await recordAttempts(deps.db, owner, [judgeAttempt(claimed, outcome, [])]);
  const [logged] = await listDeliveries(deps.db, webhook.id, { limit: 1, beforeSeq: delivery.seq + 1n });
  if (!logged) throw new Error("test delivery vanished");
  return logged;
}

async function samplePayload(deps: WebhookTestDeps, viewer: Viewer, webhook: WebhookRow): Promise<object> {
  const sample = await latestMatchingClassified(deps.db, viewer.contract, webhook.filter);
  if (!sample) return { type: "test" };
  const ctx = createRequestContext({ db: deps.db, primaryDb: deps.db, viewer, requestId: `webhook-test:${webhook.id}`, logger: deps.logger });
  if (webhook.kind === "property-notification") return (await propertyNotification(ctx, sample.propertyId)) ?? { type: "test" };
  if (webhook.kind === "classifieds-export") return { exportId: randomUUID(), items: [await exportItem(ctx, sample)] };
  return (await classifiedNotification(ctx, sample.id, "test")) ?? { type: "test" };
}
