import { index, integer, pgTable, timestamp, uuid } from "drizzle-orm/pg-core";
import { classifieds } from "./classifieds.js";

/** Every price a classified has had, the first one included; each entry has its own id (v1 shows it). */
export const classifiedPriceHistory = pgTable(
  "classified_price_history",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    classifiedId: uuid("classified_id")
      .notNull()
      .references(() => classifieds.id, { onDelete: "cascade" }),
    value: integer("value").notNull(),
    observedAt: timestamp("observed_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [index("classified_price_history_classified_idx").on(t.classifiedId, t.observedAt)],
);

export type ClassifiedPriceHistoryRow = typeof classifiedPriceHistory.$inferSelect;
