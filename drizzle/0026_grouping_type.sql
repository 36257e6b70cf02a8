DROP INDEX "classifieds_match_idx";--> statement-breakpoint
DROP INDEX "classifieds_department_match_idx";--> statement-breakpoint
ALTER TABLE "classifieds" ADD COLUMN "grouping_type" text;--> statement-breakpoint
-- The classifieds stored before the column existed: the type grouping blocks them on, as the ingest reads it
-- (src/domain/grouping/grouping-type.ts: a house given a floor above the ground is taken for a flat).
UPDATE "classifieds" SET "grouping_type" = CASE WHEN "property_type" = 'house' AND "floor" >= 1 THEN 'apartment' ELSE "property_type" END;--> statement-breakpoint
ALTER TABLE "classifieds" ALTER COLUMN "grouping_type" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "classifieds_match_idx" ON "classifieds" USING btree ("insee_code","grouping_type","transaction_type","area");--> statement-breakpoint
CREATE INDEX "classifieds_department_match_idx" ON "classifieds" USING btree ("department","grouping_type","transaction_type","area","price_current");
