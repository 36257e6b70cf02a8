import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import type { Contract } from "../../domain/contract.js";
import type { TextQuery } from "./search-text.js";
import type { PropertySearchFilter } from "./search.types.js";

/**
 * The searches known to match more properties than the exact-total bound, and as of which data. Counting to the
 * bound is most of what a broad search costs (10,001 matches read before the page is); paging through its
 * results, or asking again for a popular one, would count them again although the answer, "more than the
 * bound", has not changed. Such a search is then answered from the sort order's index alone.
 *
 * "Has not changed" is exact, not a time to live: the data's version is the ingest epoch, which every
 * transaction that writes classifieds or properties increments first (ingest batches and regroups take the
 * ingest's turn, src/modules/ingest/ingest-turn.ts). A statement reads the version with its rows, in the same
 * snapshot, so a count remembered at version V holds for any later statement that reads V. Each gateway process
 * remembers for itself; the version they compare is the database's.
 */

/**
 * The data's version, read in the statement that needs it (0 before the first ingest): `ingest_epoch`
 * (db/schema/ingest-epoch.ts), written out once rather than rendered by Drizzle for every search.
 */
export const DATA_VERSION = sql<string>`${sql.raw("coalesce((select epoch from ingest_epoch where id = 1), 0)::text")}`;

/** Searches remembered per database; the oldest half is forgotten when full. */
const MAX_REMEMBERED = 10_000;

type Remembered = { latest: Map<string, string>; earlier: Map<string, string> };
const byDatabase = new WeakMap<Database, Remembered>();

/**
 * What a search's count depends on: the contract, the filters and the text as expanded (its stand-ins come from
 * the vocabulary, which changes only with the data). Built from the inputs, not from the SQL: rendering the
 * condition once more cost about a millisecond of CPU a search.
 */
export function broadSearchKey(contract: Contract, filter: PropertySearchFilter, text: TextQuery | null): string {
  return JSON.stringify([contract.allDepartments, contract.departments, contract.sirens, contract.sirets, filter, text?.anyForm ?? null]);
}

/** The data version at which the search `key` was seen to match more than the bound, if it was. */
export function broadAsOf(db: Database, key: string): string | undefined {
  const remembered = byDatabase.get(db);
  return remembered?.latest.get(key) ?? remembered?.earlier.get(key);
}

/** Remembers that the search `key` matched more than the bound at `version`. */
export function rememberBroad(db: Database, key: string, version: string): void {
  let remembered = byDatabase.get(db);
  if (!remembered) {
    remembered = { latest: new Map(), earlier: new Map() };
    byDatabase.set(db, remembered);
  }
  if (remembered.latest.size >= MAX_REMEMBERED / 2) {
    remembered.earlier = remembered.latest;
    remembered.latest = new Map();
  }
  remembered.latest.set(key, version);
}

/** Forgets the search `key` (the data changed since it was seen). */
export function forgetBroad(db: Database, key: string): void {
  const remembered = byDatabase.get(db);
  remembered?.latest.delete(key);
  remembered?.earlier.delete(key);
}
