-- The planner needs statistics only on the columns statements filter, join or sort classifieds by; the others
-- (texts, contacts, photo hashes, attributes) are read, never searched on. ANALYZE computed them all: at 100,000
-- classifieds 1.5 s of the closing maintenance of every bulk ingest, against 0.4 s for the columns below.
-- A column added later gets statistics by default.
DO $$
DECLARE
  unsearched text;
BEGIN
  FOR unsearched IN
    SELECT attname FROM pg_attribute
    WHERE attrelid = 'classifieds'::regclass AND attnum > 0 AND NOT attisdropped
      AND attname <> ALL (ARRAY[
        'id', 'property_id', 'url_key', 'status', 'source_domain', 'department', 'publisher_siren', 'publisher_siret',
        'insee_code', 'property_type', 'transaction_type', 'area', 'first_seen_at', 'last_seen_at', 'last_modified_at',
        'removed_at'
      ])
  LOOP
    EXECUTE format('ALTER TABLE "classifieds" ALTER COLUMN %I SET STATISTICS 0', unsearched);
  END LOOP;
END
$$;
