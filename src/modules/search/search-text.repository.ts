import { sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { rowsOf } from "../../db/result-rows.js";
import { properties } from "../../db/schema/index.js";
import { buildTextQuery, MAX_SIMILAR_WORDS, MIN_FUZZY_LENGTH, standInsOf, type QueryWord, type TextQuery } from "./search-text.js";

/**
 * Text search over the properties' titles and descriptions.
 *
 * The `search_config` migration keeps, for every property, `search_vector` = the French full-text vector of
 * `search_text` under `french_unaccent` (accents removed, then the French Snowball stemmer; French stop words
 * dropped), indexed with GIN, and `search_lexemes`, the vocabulary of all those vectors, trigram-indexed.
 * Neither is declared in the Drizzle schema (so whole-row reads do not carry them): they are named here only.
 *
 * A query is cut into the same lexemes ("Maisons, jardins" → maison, jardin). Each lexeme of four letters or
 * more also stands for the vocabulary words whose trigram similarity to it reaches the threshold and that are
 * within its typo budget (`typoBudget`: one or two letters changed; at most {@link MAX_SIMILAR_WORDS}, closest
 * first): that is the typo tolerance ("jardn" → jardin). A property matches when its text holds, for every query
 * lexeme, the lexeme or one of its stand-ins.
 */

/**
 * Known words read per query word, most similar first, before the typo budget is applied (`standInsOf`): a word
 * one or two letters away from the query word shares most of its trigrams, so it ranks among these well ahead
 * of the words that share only an ending.
 */
const SIMILAR_WORDS_READ = 4 * MAX_SIMILAR_WORDS;

const searchVector = sql`${properties}."search_vector"`;

/**
 * The lexemes of `query` (already normalised) and, for each, the known words similar enough to stand in for
 * it. Null when the query has no lexeme (only stop words), in which case it does not filter.
 */
export async function expandTextQuery(db: Database, query: string, threshold: number): Promise<TextQuery | null> {
  const words = await db.transaction(async (tx) => {
    // `%` reads its threshold from this setting; `true` scopes it to the transaction (SET LOCAL).
    await tx.execute(sql`select set_config('pg_trgm.similarity_threshold', ${String(threshold)}::text, true)`);
    const result = await tx.execute(sql`
      select q.lexeme, array(
          select candidate.lexeme
          from (select distinct known.lexeme from search_lexemes known
                where known.lexeme % q.lexeme and known.lexeme <> q.lexeme) candidate
          where length(q.lexeme) >= ${MIN_FUZZY_LENGTH}::int and q.lexeme !~ '[0-9]'
            and similarity(candidate.lexeme, q.lexeme) >= ${threshold}::float8
            and similarity(candidate.lexeme, q.lexeme) > 0
          order by similarity(candidate.lexeme, q.lexeme) desc, candidate.lexeme
          limit ${SIMILAR_WORDS_READ}::int
        ) as similar
      from unnest(tsvector_to_array(to_tsvector('french_unaccent'::regconfig, ${query}::text))) as q(lexeme)
      order by q.lexeme`);
    return queryWordsOf(result);
  });
  return buildTextQuery(words);
}

/** Properties whose text holds every query lexeme or a stand-in of it (served by the GIN index). */
export function textMatches(text: TextQuery): SQL {
  return sql`${searchVector} @@ ${text.anyForm}::tsquery`;
}

/**
 * Relevance: 1 when every query lexeme is there as typed (no stand-in needed), plus the full-text rank of the
 * matched words (frequency and density). Both read the stored vector, nothing is parsed per row.
 */
export function textRelevance(text: TextQuery): SQL {
  return sql`((${searchVector} @@ ${text.exactForm}::tsquery)::int + ts_rank(${searchVector}, ${text.anyForm}::tsquery))`;
}

/** Each row's lexeme and its stand-ins among the similar words read (the driver types them as unknown). */
function queryWordsOf(result: unknown): QueryWord[] {
  return rowsOf<unknown>(result).flatMap((row: unknown) => {
    if (typeof row !== "object" || row === null || !("lexeme" in row) || !("similar" in row)) return [];
    const { lexeme, similar } = row;
    if (typeof lexeme !== "string" || !Array.isArray(similar)) return [];
    return [
      {
        lexeme,
        similar: standInsOf(
          lexeme,
          similar.filter((word): word is string => typeof word === "string"),
        ),
      },
    ];
  });
}
