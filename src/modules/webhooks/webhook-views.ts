import type { z } from "zod";
import type { WebhookExportRow, WebhookRow } from "../../db/schema/index.js";
import { isOneOf } from "../../domain/enums.js";
import { messageIdOf } from "./webhook-attempt.js";
import { DELIVERY_EVENT_TYPES, DELIVERY_STATUSES, EXPORT_STATUSES, WEBHOOK_KINDS, WEBHOOK_STATUSES } from "./webhook-kinds.js";
import type { DeliveryWithAttempts } from "./webhooks.repository.js";
import type { Webhook, WebhookAttempt, WebhookDelivery, WebhookExport, WebhookFilter } from "./webhooks.schemas.js";

/**
 * The JSON shapes of the webhook management API, typed by its response schemas (webhooks.schemas.ts); GraphQL
 * mirrors them field for field. The signing secret never appears here: it is returned once, next to the
 * webhook, when created or rotated.
 */

export type WebhookFilterView = z.output<typeof WebhookFilter>;
export type WebhookView = z.output<typeof Webhook>;
export type AttemptView = z.output<typeof WebhookAttempt>;
export type DeliveryView = z.output<typeof WebhookDelivery>;
export type ExportView = z.output<typeof WebhookExport>;

/** A stored enumeration value, typed: the columns are text, written only with the values the schemas list. */
function known<T extends string>(values: readonly T[], value: string, column: string): T {
  if (!isOneOf(values, value)) throw new Error(`unexpected ${column} ${JSON.stringify(value)}`);
  return value;
}

const iso = (date: Date | null): string | null => (date === null ? null : date.toISOString());

export function webhookView(row: WebhookRow): WebhookView {
  return {
    id: row.id,
    kind: known(WEBHOOK_KINDS, row.kind, "webhook kind"),
    url: row.url,
    description: row.description,
    status: known(WEBHOOK_STATUSES, row.status, "webhook status"),
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
    eventType: known(DELIVERY_EVENT_TYPES, row.eventType, "delivery event type"),
    eventCursor: row.eventId === null ? null : row.eventId.toString(),
    status: known(DELIVERY_STATUSES, row.status, "delivery status"),
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
    status: known(EXPORT_STATUSES, row.status, "export status"),
    batchCount: row.batchCount,
    itemCount: row.itemCount,
    createdAt: row.createdAt.toISOString(),
    completedAt: iso(row.completedAt),
  };
}
