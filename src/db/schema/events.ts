import { sql } from "drizzle-orm";
import { bigserial, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * The transactional outbox of deltas. A row is written in the same transaction as the change it describes.
 * `id` is the cursor: rows are only ever inserted through the events repository, which numbers them while
 * holding a transaction-scoped advisory lock, so cursor order is commit order (a reader that has seen N never
 * later finds a committed event below N).
 * The denormalised columns (department, publisher numbers, types, domains) let readers apply contracts and
 * stream filters without loading the listing.
 */
export const events = pgTable(
  "events",
  {
    id: bigserial("id", { mode: "bigint" }).primaryKey(),
    type: text("type").notNull(),
    resource: text("resource").notNull(),
    resourceId: uuid("resource_id").notNull(),
    propertyId: uuid("property_id").notNull(),
    department: text("department").notNull(),
    propertyType: text("property_type").notNull(),
    transactionType: text("transaction_type").notNull(),
    sourceDomains: text("source_domains").array().notNull().default(sql`'{}'::text[]`),
    sirens: text("sirens").array().notNull().default(sql`'{}'::text[]`),
    sirets: text("sirets").array().notNull().default(sql`'{}'::text[]`),
    changedFields: text("changed_fields").array().notNull().default(sql`'{}'::text[]`),
    occurredAt: timestamp("occurred_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [index("events_resource_idx").on(t.resourceId, t.id), index("events_occurred_at_idx").on(t.occurredAt)],
);

export type EventRow = typeof events.$inferSelect;
export type NewEventRow = typeof events.$inferInsert;
