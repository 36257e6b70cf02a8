import { sql } from "drizzle-orm";
import { bigint, index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { accounts } from "./accounts.js";

/** The stream filter of a webhook, stored as given (validated at the edge). Absent or empty lists do not filter. */
export type WebhookFilterValue = {
  transactionTypes?: string[];
  propertyTypes?: string[];
  sourceDomains?: string[];
  departments?: string[];
  sirens?: string[];
  sirets?: string[];
};

const at = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/**
 * An endpoint an account registered to receive deltas. Deliveries always stay within the account's current
 * contract. `cursor` is the last event the dispatcher has turned into deliveries for it (notification kinds).
 * The secret signs deliveries (Standard Webhooks); while it is rotated, the previous one signs too until
 * `previousSecretExpiresAt`.
 */
export const webhooks = pgTable(
  "webhooks",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    url: text("url").notNull(),
    description: text("description"),
    filter: jsonb("filter").$type<WebhookFilterValue>().notNull().default(sql`'{}'::jsonb`),
    secret: text("secret").notNull(),
    previousSecret: text("previous_secret"),
    previousSecretExpiresAt: at("previous_secret_expires_at"),
    status: text("status").notNull().default("active"),
    disabledReason: text("disabled_reason"),
    disabledAt: at("disabled_at"),
    /** Set at the first failed attempt after a success; cleared by the next success. */
    failingSince: at("failing_since"),
    cursor: bigint("cursor", { mode: "bigint" }).notNull().default(sql`0`),
    createdAt: at("created_at").notNull().defaultNow(),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [index("webhooks_account_idx").on(t.accountId), index("webhooks_status_idx").on(t.status, t.kind)],
);

export type WebhookRow = typeof webhooks.$inferSelect;
export type NewWebhookRow = typeof webhooks.$inferInsert;
