import { withinEditDistance } from "../../domain/edit-distance.js";
import { MAX_SEARCH_QUERY_LENGTH } from "./search.types.js";

/**
 * The query in the form `properties.search_text` is stored in (lower case, accents and ligatures removed,
 * whitespace collapsed), cut to the v1 maximum length. Null when nothing searchable is left (no letter or
 * digit), in which case the search has no text condition.
 */
export function normaliseSearchQuery(query: string | undefined): string | null {
  if (query === undefined) return null;
  const normalised = query
    .slice(0, MAX_SEARCH_QUERY_LENGTH)
    // PostgreSQL text cannot hold NUL.
    .replaceAll("\u0000", " ")
    .replace(/œ/g, "oe")
    .replace(/Œ/g, "OE")
    .replace(/æ/g, "ae")
    .replace(/Æ/g, "AE")
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim();
  return /[\p{L}\p{N}]/u.test(normalised) ? normalised : null;
}

/** A lexeme of the query and the known words that may stand in for it. */
export type QueryWord = { lexeme: string; similar: readonly string[] };

/** Stand-ins per query word: bounds the query size and keeps the closest words when the threshold is low. */
export const MAX_SIMILAR_WORDS = 8;

/** Shortest query lexeme that gets stand-ins: shorter words have too few trigrams to tell a typo from another word. */
export const MIN_FUZZY_LENGTH = 4;

/**
 * How many typing mistakes separate a query lexeme from a word that may stand in for it: none below four letters,
 * one up to five, two from six. Trigram similarity alone, at the default threshold, also finds words that share
 * only an ending ("station" and "saubion", a village's name): a typo changes a letter or two, not half the word.
 */
export function typoBudget(lexeme: string): number {
  return lexeme.length < MIN_FUZZY_LENGTH ? 0 : lexeme.length < 6 ? 1 : 2;
}

/**
 * The stand-ins of `lexeme` among `candidates` (known words, closest by trigram similarity first): those within
 * its typo budget, at most {@link MAX_SIMILAR_WORDS}, in the candidates' order.
 */
export function standInsOf(lexeme: string, candidates: readonly string[]): string[] {
  const budget = typoBudget(lexeme);
  return candidates.filter((word) => word !== lexeme && withinEditDistance(lexeme, word, budget)).slice(0, MAX_SIMILAR_WORDS);
}

/**
 * A text query as two tsquery texts: `exactForm` asks for every lexeme as typed, `anyForm` for every lexeme
 * or one of its stand-ins.
 */
export type TextQuery = { exactForm: string; anyForm: string };

/** Null when there is no lexeme (the query held only stop words). */
export function buildTextQuery(words: readonly QueryWord[]): TextQuery | null {
  if (words.length === 0) return null;
  const exactForm = words.map((word) => tsqueryLexeme(word.lexeme)).join(" & ");
  const anyForm = words
    .map((word) => {
      const forms = [word.lexeme, ...word.similar.filter((similar) => similar !== word.lexeme)].map(tsqueryLexeme);
      return forms.length === 1 ? forms[0] : `(${forms.join(" | ")})`;
    })
    .join(" & ");
  return { exactForm, anyForm };
}

/**
 * A lexeme as a quoted tsquery operand, taken literally (no further parsing or stemming): inside the quotes
 * a quote is doubled and a backslash escaped.
 */
export function tsqueryLexeme(lexeme: string): string {
  return `'${lexeme.replace(/\\/g, "\\\\").replace(/'/g, "''")}'`;
}
