import type { WebhookExportRow, WebhookRow } from "../../db/schema/index.js";
import { messageIdOf } from "./webhook-attempt.js";
import type { DeliveryWithAttempts } from "./webhooks.repository.js";

/**
 * The JSON shapes of the webhook management API (REST; GraphQL mirrors them field for field). The signing
 * secret never appears here: it is returned once, next to the webhook, when created or rotated.
 */

export type WebhookFilterView = {
  transactionTypes: string[];
  propertyTypes: string[];
  sourceDomains: string[];
  departments: string[];
  sirens: string[];
  sirets: string[];
};

export type WebhookView = {
  id: string;
  kind: string;
  url: string;
  description: string | null;
  status: string;
  disabledReason: string | null;
  disabledAt: string | null;
  failingSince: string | null;
  filter: WebhookFilterView;
  /** The last event turned into deliveries (notification kinds). */
  cursor: string;
  /** Until when the previous secret still signs, after a rotation. */
  previousSecretExpiresAt: string | null;
  createdAt: string;
  updatedAt: string;
};

export type AttemptView = { number: number; startedAt: string; durationMs: number; statusCode: number | null; error: string | null };

export type DeliveryView = {
  id: string;
  /** The `webhook-id` header: the same on every attempt. */
  messageId: string;
  /** Position in the log; pass it as `before` to page further back. */
  sequence: string;
  eventType: string;
  /** Cursor of the event delivered (null for tests and export batches). */
  eventCursor: string | null;
  status: string;
  attemptCount: number;
  nextAttemptAt: string | null;
  lastStatusCode: number | null;
  lastError: string | null;
  createdAt: string;
  completedAt: string | null;
  attempts: AttemptView[];
};

export type ExportView = {
  exportId: string;
  since: string | null;
  status: string;
  batchCount: number;
  itemCount: number;
  createdAt: string;
  completedAt: string | null;
};

const iso = (date: Date | null): string | null => (date === null ? null : date.toISOString());

export function webhookView(row: WebhookRow): WebhookView {
  return {
    id: row.id,
    kind: row.kind,
    url: row.url,
    description: row.description,
    status: row.status,
    disabledReason: row.disabledReason,
    disabledAt: iso(row.disabledAt),
    failingSince: iso(row.failingSince),
    filter: {
      transactionTypes: row.filter.transactionTypes ?? [],
      propertyTypes: row.filter.propertyTypes ?? [],
      sourceDomains: row.filter.sourceDomains ?? [],
      departments: row.filter.departments ?? [],
      sirens: row.filter.sirens ?? [],
      sirets: row.filter.sirets ?? [],
    },
    cursor: row.cursor.toString(),
    previousSecretExpiresAt: row.previousSecret === null ? null : iso(row.previousSecretExpiresAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function deliveryView(row: DeliveryWithAttempts): DeliveryView {
  return {
    id: row.id,
    messageId: messageIdOf(row.id),
    sequence: row.seq.toString(),
    eventType: row.eventType,
    eventCursor: row.eventId === null ? null : row.eventId.toString(),
    status: row.status,
    attemptCount: row.attemptCount,
    nextAttemptAt: row.status === "pending" ? row.nextAttemptAt.toISOString() : null,
    lastStatusCode: row.lastStatusCode,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    completedAt: iso(row.completedAt),
    attempts: row.attempts.map((attempt) => ({
      number: attempt.attemptNumber,
      startedAt: attempt.startedAt.toISOString(),
      durationMs: attempt.durationMs,
      statusCode: attempt.statusCode,
      error: attempt.error,
    })),
  };
}

export function exportView(row: WebhookExportRow): ExportView {
  return {
    exportId: row.id,
    since: iso(row.since),
    status: row.status,
    batchCount: row.batchCount,
    itemCount: row.itemCount,
    createdAt: row.createdAt.toISOString(),
    completedAt: iso(row.completedAt),
  };
}
