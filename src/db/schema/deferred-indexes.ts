import { pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Indexes dropped for the duration of a first load and not built again yet, with the statement that builds each
 * (src/db/deferred-indexes.ts). Empty except while such a load runs, or after one was cut short: the next start of
 * any `listings` command or of the gateway builds what is listed here.
 */
export const deferredIndexes = pgTable("deferred_indexes", {
  name: text("name").primaryKey(),
  tableName: text("table_name").notNull(),
  definition: text("definition").notNull(),
  deferredAt: timestamp("deferred_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});
