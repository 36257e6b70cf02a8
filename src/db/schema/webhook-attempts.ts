import { index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { webhookDeliveries } from "./webhook-deliveries.js";

/** One HTTP attempt of a delivery: what the receiver answered (or why nothing came back) and how long it took. */
export const webhookAttempts = pgTable(
  "webhook_attempts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    deliveryId: uuid("delivery_id")
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: "cascade" }),
    attemptNumber: integer("attempt_number").notNull(),
    startedAt: timestamp("started_at", { withTimezone: true, mode: "date" }).notNull(),
    durationMs: integer("duration_ms").notNull(),
    statusCode: integer("status_code"),
    error: text("error"),
  },
  (t) => [index("webhook_attempts_delivery_idx").on(t.deliveryId, t.attemptNumber)],
);

export type WebhookAttemptRow = typeof webhookAttempts.$inferSelect;
export type NewWebhookAttemptRow = typeof webhookAttempts.$inferInsert;
