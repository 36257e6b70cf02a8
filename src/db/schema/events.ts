import { sql } from "drizzle-orm";
import { bigserial, boolean, index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * The transactional outbox of deltas. A row is written in the same transaction as the change it describes.
 * `id` is the cursor: rows are only ever inserted through the events repository, which numbers them while
 * holding a transaction-scoped advisory lock, so cursor order is commit order (a reader that has seen N never
 * later finds a committed event below N).
 * The denormalised columns (department, publisher numbers, types, domains, listings) let readers apply contracts
 * and stream filters without loading the listing.
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
    /**
     * A property event's listings: one entry per classified of the property, and one per classified that left it
     * with this change, each with its publisher numbers, its portal, whether it joined the property with this
     * change and whether its change caused the event. A contract narrowed to publishers sees the event only when
     * one of its own classifieds caused it, as its own classifieds show it (a property they join is created for
     * it, one they all leave removed), and its stream filters see only its own classifieds' values: otherwise the
     * event would tell it another publisher lists the same flat, and where. Null on classified events (their
     * columns describe the classified itself) and on property events recorded before the column existed.
     */
    listings: jsonb("listings").$type<EventListing[]>(),
    /**
     * A property event that changes no column of the stored property: one of its listings changed what a contract
     * narrowed to that listing's publisher sees of the property (its price above another publisher's, say). Only
     * such contracts receive it, and only those that do not see every listing of the property.
     */
    viewOnly: boolean("view_only").notNull().default(false),
    occurredAt: timestamp("occurred_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [index("events_resource_idx").on(t.resourceId, t.id), index("events_occurred_at_idx").on(t.occurredAt)],
);

/**
 * A classified as a property event records it (see `events.listings`): `member` of the property after the change,
 * `joined` it with the change (new, or moved in), `active` after it (not removed), `cause` of the event, and for a
 * cause, `changes`: what changed in the property as its publisher sees it (the fields of the view of its SIREN, and
 * of its SIRET).
 */
export type EventListing = {
  siren: string | null;
  siret: string | null;
  sourceDomain: string;
  member: boolean;
  joined: boolean;
  active?: boolean;
  cause: boolean;
  changes?: string[];
};

export type EventRow = typeof events.$inferSelect;
export type NewEventRow = typeof events.$inferInsert;
