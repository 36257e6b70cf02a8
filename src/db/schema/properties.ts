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
    // Searches read these indexes only, never the table, once VACUUM has marked the table's pages all-visible
    // (the ingest does it after a bulk load, see bulk-maintenance.ts): properties are stored in first-seen
    // order, not by place, so reading the rows of one department's matches read one table page per match
    // (3,900 pages, 57 ms, for one department's sale flats at a million classifieds; 4 ms from the index). A large
    // first load is stored again by place at its end, which helps the indexes' visibility checks, not this: the
    // rows later ingests add or move are stored in arrival order after it.
    // Drizzle declares the key columns; migration 0015 adds each index's INCLUDE columns, which it cannot
    // declare: every column a search filters on (search-filter.repository.ts) for the department and coordinates
    // indexes, where a search starts, and the commonest filters (what, where, price, area) for the sort-order
    // indexes, which a search with more than 10,000 matches pages through. A filter on a column outside an
    // index's list makes that search read the table again: keep the lists whole when a filter is added.
    //
    // The most common search: where, what, and a price range. With the price in the same index a range within
    // a department reads only the matching rows (a separate price index made PostgreSQL combine bitmaps of
    // thousands of rows for a few hundred matches); lookups on the first three columns use it as before.
    index("properties_department_price_idx").on(t.department, t.transactionType, t.propertyType, t.priceCurrent),
    // The same keys with only the id and the area beside them (migration 0019): a search on where, what, a price
    // range and an area reads a quarter of the pages the covering index above takes for the same matches (38 MB
    // against 124 MB at a million classifieds; a GraphQL page of one department's flats and houses 1.8 ms against
    // 2.5 ms). PostgreSQL chooses it by size when a search filters on nothing else.
    index("properties_department_price_area_idx").on(t.department, t.transactionType, t.propertyType, t.priceCurrent),
    // Where, what and the energy label, with the other small filters beside them (migration 0029): a search on
    // energy labels reads only the matching labels' entries, and one on the portals' count reads entries a
    // fifth of the covering index's width. The covering index read every entry of the department's type and
    // filtered it, all thirty columns deformed: 4.0 ms for Paris's sales rated A to C at a million, 1.3 ms here.
    index("properties_department_energy_idx").on(t.department, t.transactionType, t.propertyType, t.dpeLabel),
    index("properties_insee_code_idx").on(t.inseeCode, t.propertyType),
    index("properties_postcode_idx").on(t.postcode),
    index("properties_area_idx").on(t.area),
    // No index on room and bedroom counts: "at least N rooms" holds for a large share of all properties, and
    // PostgreSQL combined such an index's bitmap (220,000 entries at a million) with a department's few
    // thousand rows, which cost more than filtering those rows.
    index("properties_coordinates_idx").on(t.latitude, t.longitude),
    // Sort orders, with the id that breaks ties (search.repository.ts orders by both), so a page is read in order.
    // Prices lead with the transaction type: a rent is always below a sale price, so the cheapest sales came after
    // every rent in a price-only index (a search for sales by price read 230,000 rents first at a million), and
    // prices of sales and rents are never compared anyway.
    index("properties_price_idx").on(t.transactionType, t.priceCurrent, t.id),
    index("properties_price_per_sqm_idx").on(t.transactionType, t.pricePerSquareMeter, t.id),
    index("properties_first_seen_idx").on(t.firstSeenAt, t.id),
    index("properties_last_seen_idx").on(t.lastSeenAt, t.id),
    index("properties_last_modified_idx").on(t.lastModifiedAt, t.id),
    index("properties_price_changed_idx").on(t.priceChangedAt, t.id),
    index("properties_source_domains_idx").using("gin", t.sourceDomains),
  ],
);

export type PropertyRow = typeof properties.$inferSelect;
export type NewPropertyRow = typeof properties.$inferInsert;
