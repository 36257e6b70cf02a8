-- Where, what and the energy label (see src/db/schema/properties.ts): the key columns are Drizzle's, the INCLUDE
-- columns are written here because Drizzle cannot declare them. A search on energy labels reads only the entries
-- of the labels asked for; one on the GES label or the portals' count, entries a fifth of the covering index's
-- width; with the default order's key and the price and area beside them, both read this index only.
CREATE INDEX "properties_department_energy_idx" ON "properties" USING btree ("department","transaction_type","property_type","dpe_label") INCLUDE ("id", "ges_label", "source_domains_count", "first_seen_at", "price_current", "area");
