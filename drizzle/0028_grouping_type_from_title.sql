-- The classifieds stored before grouping read the title: the type grouping blocks them on, as the ingest reads it
-- (src/domain/grouping/grouping-type.ts: a house or flat given a floor of 1 or more is a flat; otherwise a title
-- that names one type and not the other decides). Only the rows whose type changes are written: most titles name
-- the type their portal gave.
UPDATE "classifieds" SET "grouping_type" = "read"."grouping_type"
FROM (
  SELECT "id", CASE
    WHEN "floor" >= 1 THEN 'apartment'
    WHEN "title" ~* '\y(appartements?|appart|studios?|duplex|triplex)\y' AND "title" !~* '\y(maisons?|pavillons?)\y' THEN 'apartment'
    WHEN "title" ~* '\y(maisons?|pavillons?)\y' AND "title" !~* '\y(appartements?|appart|studios?|duplex|triplex)\y' THEN 'house'
    ELSE "property_type"
  END AS "grouping_type"
  FROM "classifieds"
  WHERE "property_type" IN ('house', 'apartment') AND "title" ~* 'appart|studio|duplex|triplex|maison|pavillon'
) AS "read"
WHERE "classifieds"."id" = "read"."id" AND "classifieds"."grouping_type" <> "read"."grouping_type";
