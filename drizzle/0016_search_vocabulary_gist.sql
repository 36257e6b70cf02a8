-- Typo stand-ins (src/modules/search/search-text.repository.ts) are the vocabulary words within the similarity
-- threshold of a query word (`%`). At the default threshold, 0.2, PostgreSQL preferred reading the whole
-- vocabulary to the GIN trigram index (26 to 37 ms a word for 23,000 words at a million classifieds); it uses a
-- GiST trigram index, 3 ms a word.
CREATE INDEX IF NOT EXISTS "search_lexemes_trgm_gist_idx" ON "search_lexemes" USING gist ("lexeme" gist_trgm_ops);--> statement-breakpoint
DROP INDEX IF EXISTS "search_lexemes_trgm_idx";
