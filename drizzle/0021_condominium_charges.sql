ALTER TABLE "classifieds" ADD COLUMN "condominium_charges" integer;--> statement-breakpoint
-- The sales stored before the column existed: their yearly charges read from their texts as the ingest reads them
-- (src/domain/grouping/condominium.ts: for each text in turn, the first way of writing them that it uses, kept when
-- plausible), so that `listings regroup` compares them for those too.
UPDATE "classifieds" SET "condominium_charges" = (
  SELECT "read"."yearly"
  FROM unnest(ARRAY["classifieds"."title", "classifieds"."description"]) WITH ORDINALITY AS "texts"("text", "position")
  CROSS JOIN LATERAL (
    SELECT round((regexp_replace("m"[1], '\D', '', 'g') || '.' || coalesce("m"[2], '0'))::numeric * 12 / "ways"."months")::integer AS "yearly"
    FROM (VALUES
      (1, 'charges[^.€\d\n]{0,40}(\d{1,3}(?:[   .]\d{3})+|\d+)(?:,(\d{1,2}))?[\s  ]*(?:€|euros?)[\s  ]*(?:/|par)[\s  ]*an\y', 12),
      (2, 'charges[^.€\d\n]{0,40}(\d{1,3}(?:[   .]\d{3})+|\d+)(?:,(\d{1,2}))?[\s  ]*(?:€|euros?)[\s  ]*(?:/|par)[\s  ]*mois\y', 1),
      (3, '(?:charges\s+annuelles|quote-part\s+annuelle\s+de\s+charges)[^.€\d\n]{0,20}(\d{1,3}(?:[   .]\d{3})+|\d+)(?:,(\d{1,2}))?', 12)
    ) AS "ways"("rank", "pattern", "months")
    CROSS JOIN LATERAL regexp_match("texts"."text", "ways"."pattern", 'i') AS "m"
    WHERE "m" IS NOT NULL
    ORDER BY "ways"."rank"
    LIMIT 1
  ) AS "read"
  WHERE "texts"."text" IS NOT NULL AND "read"."yearly" BETWEEN 50 AND 50000
  ORDER BY "texts"."position"
  LIMIT 1
) WHERE "transaction_type" = 'sale' AND ("title" ~* 'charges' OR "description" ~* 'charges');
