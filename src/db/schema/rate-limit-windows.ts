import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Request counts of the current rate-limit window, one row per token, shared by every gateway process on this
 * database (modules/rate-limit/window-counters.ts). A row is overwritten when its window is over. Unlogged
 * (migration 0016, which the schema cannot declare): counts need no durability, and every request writes one.
 */
export const rateLimitWindows = pgTable("rate_limit_windows", {
  key: text("key").primaryKey(),
  windowStart: timestamp("window_start", { withTimezone: true, mode: "date" }).notNull(),
  count: integer("count").notNull(),
});
