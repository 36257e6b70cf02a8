import { bigint, pgTable, smallint, timestamp } from "drizzle-orm/pg-core";

/**
 * A single row: the id of the last event deleted by the event log's retention, and when. A cursor below it
 * cannot be resumed without a gap (src/modules/events/event-retention.ts).
 */
export const eventLogHorizon = pgTable("event_log_horizon", {
  id: smallint("id").primaryKey(),
  prunedThrough: bigint("pruned_through", { mode: "bigint" }).notNull(),
  prunedAt: timestamp("pruned_at", { withTimezone: true, mode: "date" }).notNull(),
});
