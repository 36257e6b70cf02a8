DROP INDEX "classifieds_insee_type_idx";--> statement-breakpoint
ALTER TABLE "classifieds" ADD COLUMN "image_hashes" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "classifieds_match_idx" ON "classifieds" USING btree ("insee_code","property_type","transaction_type","area");--> statement-breakpoint
-- Classifieds written before this migration: their hashes from their image rows.
UPDATE "classifieds" c SET "image_hashes" = h.hashes
FROM (SELECT classified_id, string_agg(perceptual_hash, ',' ORDER BY position) AS hashes
      FROM classified_images WHERE perceptual_hash IS NOT NULL GROUP BY classified_id) h
WHERE c.id = h.classified_id;
