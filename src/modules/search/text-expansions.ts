import type { Database } from "../../db/client.js";
import { currentDataVersion, rememberedByVersion } from "./data-version.js";
import { expandTextQuery } from "./search-text.repository.js";
import type { TextQuery } from "./search-text.js";

/**
 * Text queries as expanded (their lexemes and typo stand-ins, search-text.repository.ts), remembered while the
 * data version (data-version.ts) stays the same: the stand-ins come from the vocabulary of the stored texts,
 * which only the writes that move the version change. Expanding takes a transaction of its own and a trigram
 * search of the vocabulary; reading the version is one short statement. Popular queries come back all day.
 */
const expansions = rememberedByVersion<TextQuery | null>(2_000);

/** `query` (normalised) expanded at `threshold`, as `expandTextQuery` would, remembered per data version. */
export async function expandedTextQuery(db: Database, query: string, threshold: number): Promise<TextQuery | null> {
  const key = `${threshold} ${query}`;
  const version = await currentDataVersion(db);
  const known = expansions.get(db, key);
  if (known?.version === version) return known.value;
  const text = await expandTextQuery(db, query, threshold);
  expansions.set(db, key, version, text);
  return text;
}
