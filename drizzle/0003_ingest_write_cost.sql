-- Cheaper ingest writes (see src/modules/ingest/ingest.repository.ts).
-- Image hashes are compared by Hamming distance in the pipeline, never looked up by equality: no index.
DROP INDEX IF EXISTS "classified_images_perceptual_hash_idx";--> statement-breakpoint
-- The search vocabulary (search_lexemes, see 0001_search_config) is recorded once per statement for all the
-- rows it wrote, from a transition table, instead of row by row: one lookup per distinct word of an ingest
-- batch rather than one per word of every property. The row trigger keeps search_vector up to date.
CREATE OR REPLACE FUNCTION properties_search_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_vector := to_tsvector('french_unaccent'::regconfig, NEW.search_text);
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION properties_search_record_lexemes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_lexemes (lexeme)
  SELECT word FROM (SELECT DISTINCT word FROM written_properties, unnest(tsvector_to_array(search_vector)) AS word) words
  WHERE length(word) BETWEEN 2 AND 64 AND word !~ '[0-9]'
    AND NOT EXISTS (SELECT 1 FROM search_lexemes known WHERE known.lexeme = word);
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS properties_search_lexemes_insert ON "properties";--> statement-breakpoint
CREATE TRIGGER properties_search_lexemes_insert AFTER INSERT ON "properties"
  REFERENCING NEW TABLE AS written_properties FOR EACH STATEMENT EXECUTE FUNCTION properties_search_record_lexemes();--> statement-breakpoint
DROP TRIGGER IF EXISTS properties_search_lexemes_update ON "properties";--> statement-breakpoint
CREATE TRIGGER properties_search_lexemes_update AFTER UPDATE ON "properties"
  REFERENCING NEW TABLE AS written_properties FOR EACH STATEMENT EXECUTE FUNCTION properties_search_record_lexemes();
