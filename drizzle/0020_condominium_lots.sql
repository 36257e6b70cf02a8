ALTER TABLE "classifieds" ADD COLUMN "condominium_lots" integer;--> statement-breakpoint
-- The classifieds stored before the column existed: their number of lots read from their texts as the ingest
-- reads it (src/domain/grouping/condominium.ts), so that `listings regroup` compares it for them too.
UPDATE "classifieds" SET "condominium_lots" = (
  SELECT "found"."lots" FROM (
    SELECT "texts"."position", nullif(regexp_replace(coalesce(
      (regexp_match("texts"."text", '(?<![\d.,])(\d{1,3}(?:[   .]\d{3})?|\d{4})\s*lots\y', 'i'))[1],
      (regexp_match("texts"."text", '\y(?:nombre|nb\.?)\s+(?:total\s+)?(?:de\s+)?lots\y[^\d\n.]{0,40}(\d{1,4})\y', 'i'))[1]
    ), '\D', '', 'g'), '')::integer AS "lots"
    FROM unnest(ARRAY["classifieds"."title", "classifieds"."description"]) WITH ORDINALITY AS "texts"("text", "position")
    WHERE "texts"."text" IS NOT NULL
  ) AS "found"
  WHERE "found"."lots" BETWEEN 2 AND 5000
  ORDER BY "found"."position"
  LIMIT 1
) WHERE "title" ~* 'lots' OR "description" ~* 'lots';
