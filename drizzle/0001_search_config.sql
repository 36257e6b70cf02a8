-- Property search text (POST /properties/search, GraphQL properties(searchQuery)); see
-- src/modules/search/search-text.repository.ts. Both extensions are trusted, so a database owner may create
-- them; PGlite loads them in src/db/client.ts.
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
-- french_unaccent: the built-in french configuration with accents removed before stemming, so "été", "éte"
-- and "ete" are one word. Whole hyphenated compounds are not indexed, only their parts: "Île-de-France" and
-- "Ile de France" give the same lexemes.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_ts_config WHERE cfgname = 'french_unaccent') THEN
    CREATE TEXT SEARCH CONFIGURATION french_unaccent (COPY = pg_catalog.french);
    ALTER TEXT SEARCH CONFIGURATION french_unaccent ALTER MAPPING FOR hword_part, word WITH unaccent, french_stem;
    ALTER TEXT SEARCH CONFIGURATION french_unaccent DROP MAPPING FOR hword, asciihword;
  END IF;
END
$$;--> statement-breakpoint
-- to_tsvector(search_text), kept up to date by the trigger below. Stored rather than computed per query:
-- computing it costs about as much per row as the rest of a search. Not declared in the Drizzle schema on
-- purpose, so that reads of whole property rows do not carry it.
ALTER TABLE "properties" ADD COLUMN IF NOT EXISTS "search_vector" tsvector DEFAULT ''::tsvector NOT NULL;--> statement-breakpoint
-- Every word (lexeme) that occurs in some property's search text: typo tolerance looks up the words close to
-- a query word here by trigram similarity, then searches for all of them through search_vector. Written only
-- by the trigger; no unique constraint, so concurrent writers never wait on each other (a rare duplicate is
-- harmless: readers use DISTINCT). Words with digits are left out: numbers are matched exactly.
CREATE TABLE IF NOT EXISTS "search_lexemes" ("lexeme" text NOT NULL);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "search_lexemes_lexeme_idx" ON "search_lexemes" USING btree ("lexeme");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "search_lexemes_trgm_idx" ON "search_lexemes" USING gin ("lexeme" gin_trgm_ops);--> statement-breakpoint
CREATE OR REPLACE FUNCTION properties_search_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_vector := to_tsvector('french_unaccent'::regconfig, NEW.search_text);
  INSERT INTO search_lexemes (lexeme)
  SELECT word FROM unnest(tsvector_to_array(NEW.search_vector)) AS word
  WHERE length(word) BETWEEN 2 AND 64 AND word !~ '[0-9]'
    AND NOT EXISTS (SELECT 1 FROM search_lexemes known WHERE known.lexeme = word);
  RETURN NEW;
END
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS properties_search_insert ON "properties";--> statement-breakpoint
CREATE TRIGGER properties_search_insert BEFORE INSERT ON "properties"
  FOR EACH ROW EXECUTE FUNCTION properties_search_refresh();--> statement-breakpoint
DROP TRIGGER IF EXISTS properties_search_update ON "properties";--> statement-breakpoint
CREATE TRIGGER properties_search_update BEFORE UPDATE OF search_text ON "properties"
  FOR EACH ROW WHEN (OLD.search_text IS DISTINCT FROM NEW.search_text) EXECUTE FUNCTION properties_search_refresh();--> statement-breakpoint
-- Rows written before this migration.
UPDATE "properties" SET search_vector = to_tsvector('french_unaccent'::regconfig, search_text);--> statement-breakpoint
INSERT INTO search_lexemes (lexeme)
SELECT DISTINCT word FROM properties, unnest(tsvector_to_array(search_vector)) AS word
WHERE length(word) BETWEEN 2 AND 64 AND word !~ '[0-9]';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "properties_search_vector_idx" ON "properties" USING gin ("search_vector");
