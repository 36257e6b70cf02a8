/**
 * A message waits in the queue for its turn and its retries (about three days at worst): by the time it is
 * sent, its owner's contract may have been narrowed, or the webhook's filter changed. Each notification is
 * therefore checked again against the contract and filter as they are when it is sent, with the same rule that
 * chose it (events/event-filter.ts); one no longer allowed is settled without being sent.
 */
import type { Database } from "../../db/client.js";
import { streamPredicate } from "../events/event-filter.js";
import { readEventsByIds } from "../events/event-log.repository.js";
import type { ClaimedDelivery } from "./webhook-dispatch.repository.js";
import { streamFilterOf } from "./webhook-filter.js";
import { resourceOfKind, type WebhookKind } from "./webhook-kinds.js";
import { findStreamingWebhooks } from "./webhooks.repository.js";

/** Why a withdrawn message was not sent, as its delivery log says. */
export const WITHDRAWN = "not sent: no longer within the owner's contract or the webhook's filter";

/** The ids of the claimed deliveries that must not be sent any more. */
export async function withdrawnDeliveries(db: Database, claimed: readonly ClaimedDelivery[]): Promise<Set<string>> {
  const notifications = claimed.filter((delivery) => delivery.eventId !== null);
  if (notifications.length === 0) return new Set();
  const [rows, webhooks] = await Promise.all([
    readEventsByIds(db, [...new Set(notifications.map((delivery) => delivery.eventId as bigint))]), // filtered above
    findStreamingWebhooks(db, [...new Set(notifications.map((delivery) => delivery.webhookId))]),
  ]);
  const eventById = new Map(rows.map((row) => [row.id, row]));
  const accepts = new Map(
    webhooks.map((webhook) => {
      const resource = resourceOfKind(webhook.kind as WebhookKind); // kinds are validated when webhooks are created
      return [webhook.id, streamPredicate(webhook.contract, { ...streamFilterOf(webhook.filter), resources: resource ? [resource] : [] })];
    }),
  );
  const withdrawn = new Set<string>();
  for (const delivery of notifications) {
    const event = eventById.get(delivery.eventId as bigint); // filtered above
    const accept = accepts.get(delivery.webhookId);
    // An event gone from the log (retention) cannot be checked again: it was checked when queued.
    if (event !== undefined && accept !== undefined && !accept(event)) withdrawn.add(delivery.id);
  }
  return withdrawn;
}
