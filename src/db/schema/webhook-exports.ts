import { index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { webhooks } from "./webhooks.js";

const at = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/**
 * One bulk export run of a `classifieds-export` webhook (`exportId` in its payloads): the classifieds in the
 * account's contract and the webhook's filter, modified since `since` (all when null), sent in batches one at a
 * time. `afterClassifiedId` is the keyset position of the next batch.
 */
export const webhookExports = pgTable(
  "webhook_exports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    webhookId: uuid("webhook_id")
      .notNull()
      .references(() => webhooks.id, { onDelete: "cascade" }),
    since: at("since"),
    afterClassifiedId: uuid("after_classified_id"),
    batchCount: integer("batch_count").notNull().default(0),
    itemCount: integer("item_count").notNull().default(0),
    /** running or done. */
    status: text("status").notNull().default("running"),
    createdAt: at("created_at").notNull().defaultNow(),
    completedAt: at("completed_at"),
  },
  (t) => [index("webhook_exports_running_idx").on(t.status, t.webhookId)],
);

export type WebhookExportRow = typeof webhookExports.$inferSelect;
