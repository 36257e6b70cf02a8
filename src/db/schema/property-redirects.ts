import { index, pgTable, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * Properties absorbed by a merge, and the property that absorbed them: a client holding an absorbed id still
 * reaches the property its classifieds now belong to. Chains are kept flat: when a property that absorbed
 * others is absorbed in turn, their redirects move to the new survivor.
 */
export const propertyRedirects = pgTable(
  "property_redirects",
  {
    fromId: uuid("from_id").primaryKey(),
    toId: uuid("to_id").notNull(),
    mergedAt: timestamp("merged_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [index("property_redirects_to_idx").on(t.toId)],
);

export type PropertyRedirectRow = typeof propertyRedirects.$inferSelect;
