-- Whether an observation changed a classified is decided by comparing its fields with the stored row; only the
-- image list, which the ingest does not load, is still compared by digest. The stored digests were
-- "<fields digest>.<images digest>": the images part is kept as it is (see src/modules/ingest/images-digest.ts).
ALTER TABLE "classifieds" RENAME COLUMN "content_hash" TO "images_digest";--> statement-breakpoint
UPDATE "classifieds" SET "images_digest" = split_part("images_digest", '.', 2);
