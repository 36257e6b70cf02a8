ALTER TABLE "classifieds" ADD COLUMN "stated_lot" text;--> statement-breakpoint
-- The classifieds stored before the column existed: the lot their texts name, read as the ingest reads it
-- (src/domain/grouping/stated-lot.ts: for each text in turn, the first lot it names), so that `listings regroup`
-- compares it for those too; only the rows that name one are written. PostgreSQL's `\s` leaves out the no-break
-- spaces of French typography: listed here.
UPDATE "classifieds" SET "stated_lot" = "found"."lot"
FROM (
  SELECT "c"."id", (
    SELECT upper("m"[1] || ("m"[2])::integer || "m"[3])
    FROM unnest(ARRAY["c"."title", "c"."description"]) WITH ORDINALITY AS "texts"("text", "position")
    CROSS JOIN LATERAL regexp_match(
      "texts"."text",
      '(?<![[:alnum:]])lot(?:[\s\u00a0\u202f]*(?:n°|no\.?|num[éeÉE]ro)[\s\u00a0\u202f]*|[\s\u00a0\u202f]+)([[:alpha:]]{0,2})-?([0-9]{1,4})([[:alpha:]]?)(?![[:alnum:]])',
      'i'
    ) AS "m"
    WHERE "texts"."text" IS NOT NULL AND "m" IS NOT NULL
    ORDER BY "texts"."position"
    LIMIT 1
  ) AS "lot"
  FROM "classifieds" AS "c"
  WHERE "c"."title" ~* 'lot' OR "c"."description" ~* 'lot'
) AS "found"
WHERE "classifieds"."id" = "found"."id" AND "found"."lot" IS NOT NULL;
--> statement-breakpoint
-- Read for grouping, never searched on: no planner statistics (see 0018).
ALTER TABLE "classifieds" ALTER COLUMN "stated_lot" SET STATISTICS 0;
