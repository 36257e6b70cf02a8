-- Covering indexes for the search (see src/db/schema/properties.ts): the key columns are Drizzle's, the
-- INCLUDE columns are written here because Drizzle cannot declare them. A search then reads an index only,
-- not one table page per match, on the pages VACUUM has marked all-visible.
DROP INDEX "properties_department_price_idx";--> statement-breakpoint
CREATE INDEX "properties_department_price_idx" ON "properties" USING btree ("department","transaction_type","property_type","price_current") INCLUDE ("id", "area", "room_count", "bedroom_count", "balcony_exists", "terrace_exists", "parking_exists", "cellar_exists", "elevator_exists", "garage_exists", "garden_exists", "swimming_pool_exists", "is_program", "dpe_label", "ges_label", "price_changed_at", "price_per_square_meter", "source_domains_count", "source_domains", "first_seen_at", "last_seen_at", "last_modified_at", "insee_code", "postcode", "latitude", "longitude");--> statement-breakpoint
DROP INDEX "properties_coordinates_idx";--> statement-breakpoint
CREATE INDEX "properties_coordinates_idx" ON "properties" USING btree ("latitude","longitude") INCLUDE ("id", "area", "room_count", "bedroom_count", "balcony_exists", "terrace_exists", "parking_exists", "cellar_exists", "elevator_exists", "garage_exists", "garden_exists", "swimming_pool_exists", "is_program", "dpe_label", "ges_label", "price_changed_at", "price_per_square_meter", "source_domains_count", "source_domains", "first_seen_at", "last_seen_at", "last_modified_at", "department", "transaction_type", "property_type", "price_current", "insee_code", "postcode");--> statement-breakpoint
DROP INDEX "properties_price_idx";--> statement-breakpoint
DROP INDEX "properties_price_per_sqm_idx";--> statement-breakpoint
DROP INDEX "properties_first_seen_idx";--> statement-breakpoint
DROP INDEX "properties_last_seen_idx";--> statement-breakpoint
DROP INDEX "properties_last_modified_idx";--> statement-breakpoint
DROP INDEX "properties_price_changed_idx";--> statement-breakpoint
CREATE INDEX "properties_price_idx" ON "properties" USING btree ("transaction_type","price_current","id") INCLUDE ("property_type", "department", "area");--> statement-breakpoint
CREATE INDEX "properties_price_per_sqm_idx" ON "properties" USING btree ("transaction_type","price_per_square_meter","id") INCLUDE ("property_type", "department", "price_current", "area");--> statement-breakpoint
CREATE INDEX "properties_first_seen_idx" ON "properties" USING btree ("first_seen_at","id") INCLUDE ("transaction_type", "property_type", "department", "price_current", "area");--> statement-breakpoint
CREATE INDEX "properties_last_seen_idx" ON "properties" USING btree ("last_seen_at","id") INCLUDE ("transaction_type", "property_type", "department", "price_current", "area");--> statement-breakpoint
CREATE INDEX "properties_last_modified_idx" ON "properties" USING btree ("last_modified_at","id") INCLUDE ("transaction_type", "property_type", "department", "price_current", "area");--> statement-breakpoint
CREATE INDEX "properties_price_changed_idx" ON "properties" USING btree ("price_changed_at","id") INCLUDE ("transaction_type", "property_type", "department", "price_current", "area");