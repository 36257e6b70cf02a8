import { sql } from "drizzle-orm";
import { bigint, bigserial, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { webhooks } from "./webhooks.js";

const at = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/**
 * One message to one webhook: the exact body to send (rendered once, so every retry sends the same bytes
 * under the same `webhook-id`), its state and its schedule. Messages with the same `orderingKey` (one listing,
 * or one export run) are sent in `seq` order: one is attempted only when every earlier one has succeeded or
 * been given up. A dispatcher process claims a message by leasing it (`leaseOwner`, `leaseExpiresAt`); a lease
 * left by a dead process expires and another process sends the message again (at least once).
 */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    seq: bigserial("seq", { mode: "bigint" }).notNull(),
    webhookId: uuid("webhook_id")
      .notNull()
      .references(() => webhooks.id, { onDelete: "cascade" }),
    /** The event this message carries; null for tests and export batches. */
    eventId: bigint("event_id", { mode: "bigint" }),
    /** created, updated, removed, test or export. */
    eventType: text("event_type").notNull(),
    /** The listing (classified or property id) or export run the message belongs to. */
    orderingKey: text("ordering_key").notNull(),
    payload: text("payload").notNull(),
    /** pending, succeeded or failed (given up). */
    status: text("status").notNull().default("pending"),
    attemptCount: integer("attempt_count").notNull().default(0),
    nextAttemptAt: at("next_attempt_at").notNull().defaultNow(),
    leaseOwner: text("lease_owner"),
    leaseExpiresAt: at("lease_expires_at"),
    lastStatusCode: integer("last_status_code"),
    lastError: text("last_error"),
    createdAt: at("created_at").notNull().defaultNow(),
    completedAt: at("completed_at"),
  },
  (t) => [
    index("webhook_deliveries_due_idx").on(t.webhookId, t.nextAttemptAt, t.seq).where(sql`status = 'pending'`),
    index("webhook_deliveries_ordering_idx").on(t.webhookId, t.orderingKey, t.seq).where(sql`status = 'pending'`),
    index("webhook_deliveries_log_idx").on(t.webhookId, t.seq),
  ],
);

export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
export type NewWebhookDeliveryRow = typeof webhookDeliveries.$inferInsert;
