ALTER TABLE "classifieds" ADD COLUMN "stated_floor" integer;--> statement-breakpoint
-- The flats stored before the column existed: their floor read from their texts as the ingest reads it
-- (src/domain/grouping/stated-floor.ts: for each text in turn, the first floor it gives), so that `listings regroup`
-- compares it for those too. PostgreSQL's `\s` leaves out the no-break spaces of French typography: listed here.
UPDATE "classifieds" SET "stated_floor" = (
  SELECT CASE
    WHEN "m"[1] IS NOT NULL THEN "m"[1]::integer
    -- A floor in words, by its first three letters (stated-floor.ts, WORDS).
    WHEN "m"[2] IS NOT NULL THEN (ARRAY[1, 2, 2, 3, 4, 5, 6, 7, 8, 9, 10])[
      array_position(ARRAY['pre', 'deu', 'sec', 'tro', 'qua', 'cin', 'six', 'sep', 'hui', 'neu', 'dix'], lower(left("m"[2], 3)))
    ]
    ELSE 0
  END
  FROM unnest(ARRAY["classifieds"."title", "classifieds"."description"]) WITH ORDINALITY AS "texts"("text", "position")
  CROSS JOIN LATERAL regexp_match(
    "texts"."text",
    '(?<![0-9])(?:([0-9]{1,2})[\s\u00a0\u202f]*(?:er|[èÈ]re|re|[èÈ]me|eme|[èÈ]|e|nde?)|(premi(?:er|[èÈ]re)|(?:deux|trois|quatr|cinqu|six|sept|huit|neuv|dix)i[èeÈE]me|seconde?))[\s\u00a0\u202f]+(?:et[\s\u00a0\u202f]+dernier[\s\u00a0\u202f]+)?[éeÉE]tage(?!s)|rez[- ]de[- ](?:chauss[éeÉE]e|jardin)|\yrdc\y',
    'i'
  ) AS "m"
  WHERE "texts"."text" IS NOT NULL AND "m" IS NOT NULL
  ORDER BY "texts"."position"
  LIMIT 1
) WHERE "property_type" = 'apartment' AND ("title" ~* 'tage|rez|rdc' OR "description" ~* 'tage|rez|rdc');
--> statement-breakpoint
-- Read for grouping, never searched on: no planner statistics (see 0018).
ALTER TABLE "classifieds" ALTER COLUMN "stated_floor" SET STATISTICS 0;
