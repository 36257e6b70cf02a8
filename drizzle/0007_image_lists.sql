CREATE TABLE "classified_image_lists" (
	"classified_id" uuid PRIMARY KEY NOT NULL,
	"images" jsonb NOT NULL
);
--> statement-breakpoint
-- Images written before this migration: each classified's rows become its list, in position order, as
-- [id, url, perceptualHash, differenceHash, averageHash] (src/db/schema/classified-image-lists.ts).
INSERT INTO "classified_image_lists" ("classified_id", "images")
SELECT classified_id, jsonb_agg(jsonb_build_array(id, url, perceptual_hash, difference_hash, average_hash) ORDER BY position)
FROM classified_images GROUP BY classified_id;--> statement-breakpoint
DROP TABLE "classified_images" CASCADE;--> statement-breakpoint
ALTER TABLE "classified_image_lists" ADD CONSTRAINT "classified_image_lists_classified_id_classifieds_id_fk" FOREIGN KEY ("classified_id") REFERENCES "public"."classifieds"("id") ON DELETE cascade ON UPDATE no action;
