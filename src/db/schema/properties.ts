import { sql } from "drizzle-orm";
import { boolean, doublePrecision, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/** One entry of a property's price history: the derived current price and when it took that value. */
export type PropertyPricePoint = { value: number; timestamp: string };

/**
 * A real-world object that groups one or more classifieds. Every column here is derived from its classifieds
 * by the ingest pipeline (see README, "Properties"), and kept denormalised so that search reads one table.
 */
export const properties = pgTable(
  "properties",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The classified whose description and images the property shows. */
    leadClassifiedId: uuid("lead_classified_id"),
    status: text("status").notNull(),
    description: text("description"),
    propertyType: text("property_type").notNull(),
    transactionType: text("transaction_type").notNull(),
    inseeCode: text("insee_code").notNull(),
    cityName: text("city_name").notNull(),
    postcode: text("postcode").notNull(),
    department: text("department").notNull(),
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    area: doublePrecision("area"),
    roomCount: integer("room_count"),
    bedroomCount: integer("bedroom_count"),
    balconyExists: boolean("balcony_exists"),
    terraceExists: boolean("terrace_exists"),
    parkingExists: boolean("parking_exists"),
    cellarExists: boolean("cellar_exists"),
    elevatorExists: boolean("elevator_exists"),
    garageExists: boolean("garage_exists"),
    gardenExists: boolean("garden_exists"),
    swimmingPoolExists: boolean("swimming_pool_exists"),
    isProgram: boolean("is_program"),
    dpeLabel: text("dpe_label"),
    gesLabel: text("ges_label"),
    priceInitial: integer("price_initial").notNull(),
    priceCurrent: integer("price_current").notNull(),
    pricePerSquareMeter: integer("price_per_square_meter"),
    priceHistory: jsonb("price_history").$type<PropertyPricePoint[]>().notNull().default([]),
    priceChangedAt: timestamp("price_changed_at", { withTimezone: true, mode: "date" }),
    sourceDomains: text("source_domains").array().notNull().default(sql`'{}'::text[]`),
    sourceDomainsCount: integer("source_domains_count").notNull().default(0),
    /** Text searched by `searchQuery`: titles and descriptions of the classifieds, unaccented. */
    searchText: text("search_text").notNull().default(""),
    firstSeenAt: timestamp("first_seen_at", { withTimezone: true, mode: "date" }).notNull(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true, mode: "date" }).notNull(),
    lastModifiedAt: timestamp("last_modified_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [
    // The most common search: where, what, and a price range. With the price in the same index a range within
    // a department reads only the matching rows (a separate price index made PostgreSQL combine bitmaps of
    // thousands of rows for a few hundred matches); lookups on the first three columns use it as before.
    index("properties_department_price_idx").on(t.department, t.transactionType, t.propertyType, t.priceCurrent),
    index("properties_insee_code_idx").on(t.inseeCode, t.propertyType),
    index("properties_postcode_idx").on(t.postcode),
    index("properties_price_idx").on(t.priceCurrent),
    index("properties_price_per_sqm_idx").on(t.pricePerSquareMeter),
    index("properties_area_idx").on(t.area),
    // No index on room and bedroom counts: "at least N rooms" holds for a large share of all properties, and
    // PostgreSQL combined such an index's bitmap (220,000 entries at a million) with a department's few
    // thousand rows, which cost more than filtering those rows.
    index("properties_coordinates_idx").on(t.latitude, t.longitude),
    index("properties_first_seen_idx").on(t.firstSeenAt),
    index("properties_last_seen_idx").on(t.lastSeenAt),
    index("properties_last_modified_idx").on(t.lastModifiedAt),
    index("properties_price_changed_idx").on(t.priceChangedAt),
    index("properties_source_domains_idx").using("gin", t.sourceDomains),
  ],
);

export type PropertyRow = typeof properties.$inferSelect;
export type NewPropertyRow = typeof properties.$inferInsert;
