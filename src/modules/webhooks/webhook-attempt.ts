import { randomUUID } from "node:crypto";
import type { AttemptResult, ClaimedDelivery } from "./webhook-dispatch.repository.js";
import type { AttemptOutcome, OutgoingMessage } from "./webhook-sender.js";
import { nextRetry } from "./retry-schedule.js";
import { signatureHeader, signingSecrets } from "./webhook-signing.js";

/** The message id receivers deduplicate on: one per delivery, the same on every retry. */
export function messageIdOf(deliveryId: string): string {
  return `msg_${deliveryId.replaceAll("-", "")}`;
}

/**
 * The HTTP request of one attempt, with the Standard Webhooks headers (`webhook-id` stable across retries,
 * `webhook-timestamp` of this attempt, `webhook-signature` by every current secret) and the delivery headers of
 * the published API: the endpoint (service) id, an id per attempt, the event type and the attempt number.
 */
export function attemptMessage(delivery: ClaimedDelivery, now: Date): OutgoingMessage {
  const messageId = messageIdOf(delivery.id);
  return {
    url: delivery.url,
    body: delivery.payload,
    headers: {
      "webhook-id": messageId,
      "webhook-timestamp": Math.floor(now.getTime() / 1000).toString(),
      "webhook-signature": signatureHeader(signingSecrets(delivery, now), messageId, now, delivery.payload),
      "webhook-endpoint-id": delivery.webhookId,
      "webhook-delivery-id": randomUUID(),
      "webhook-event-type": delivery.eventType,
      "webhook-attempt": delivery.attemptCount.toString(),
    },
  };
}

export type AttemptVerdict = AttemptResult & {
  succeeded: boolean;
  /** Not sent: no longer allowed (webhook-recheck.ts). Says nothing about the endpoint's health. */
  withdrawn?: boolean;
  /** The endpoint was failing when the message was claimed: a success must clear that. */
  endpointWasFailing: boolean;
};

/**
 * What an attempt's outcome means for its delivery: 2xx succeeded; 410 Gone gives the message up and
 * disables the endpoint; anything else (other statuses, no answer, timeout) is retried on the schedule, no
 * sooner than a `Retry-After` asks, and given up after the last scheduled retry.
 */
export function judgeAttempt(delivery: ClaimedDelivery, outcome: AttemptOutcome, schedule: readonly number[]): AttemptVerdict {
  const base = {
    endpointWasFailing: delivery.failingSince !== null,
    deliveryId: delivery.id,
    webhookId: delivery.webhookId,
    statusCode: outcome.statusCode,
    error: outcome.error ?? (outcome.statusCode !== null && !isSuccess(outcome.statusCode) ? `HTTP ${outcome.statusCode}` : null),
    attempt: {
      deliveryId: delivery.id,
      attemptNumber: delivery.attemptCount,
      startedAt: outcome.startedAt,
      durationMs: outcome.durationMs,
      statusCode: outcome.statusCode,
      error: outcome.error,
    },
  };
  if (outcome.statusCode !== null && isSuccess(outcome.statusCode)) {
    return { ...base, status: "succeeded", nextAttemptAt: null, gone: false, succeeded: true };
  }
  if (outcome.statusCode === 410) return { ...base, status: "failed", nextAttemptAt: null, gone: true, succeeded: false };
  const decision = nextRetry(schedule, delivery.attemptCount, outcome.retryAfterMs);
  return decision.retry
    ? { ...base, status: "pending", nextAttemptAt: new Date(Date.now() + decision.delayMs), gone: false, succeeded: false }
    : { ...base, status: "failed", nextAttemptAt: null, gone: false, succeeded: false };
}

function isSuccess(statusCode: number): boolean {
  return statusCode >= 200 && statusCode < 300;
}

/** A message settled without being sent: its listing is no longer within the owner's contract or the filter. */
export function withdrawnVerdict(delivery: ClaimedDelivery, reason: string, now: Date): AttemptVerdict {
  return {
    deliveryId: delivery.id,
    webhookId: delivery.webhookId,
    status: "failed",
    nextAttemptAt: null,
    statusCode: null,
    error: reason,
    gone: false,
    succeeded: false,
    withdrawn: true,
    endpointWasFailing: delivery.failingSince !== null,
    attempt: { deliveryId: delivery.id, attemptNumber: delivery.attemptCount, startedAt: now, durationMs: 0, statusCode: null, error: reason },
  };
}
