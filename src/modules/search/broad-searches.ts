import type { Database } from "../../db/client.js";
import type { Contract } from "../../domain/contract.js";
import { rememberedByVersion } from "./data-version.js";
import type { TextQuery } from "./search-text.js";
import type { PropertySearchFilter } from "./search.types.js";

/**
 * The searches known to match more properties than the exact-total bound, and as of which data version
 * (data-version.ts). Counting to the bound is most of what a broad search costs (10,001 matches read before the
 * page is); paging through its results, or asking again for a popular one, would count them again although the
 * answer, "more than the bound", has not changed. Such a search is then answered from the sort order's index
 * alone, by a statement that reads the version with its rows, in the same snapshot: the answer is used only
 * when that version is the one remembered, so it is exact, not merely recent.
 */
const broad = rememberedByVersion<true>(10_000);

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
  return broad.get(db, key)?.version;
}

/** Remembers that the search `key` matched more than the bound at `version`. */
export function rememberBroad(db: Database, key: string, version: string): void {
  broad.set(db, key, version, true);
}

/** Forgets the search `key` (the data changed since it was seen). */
export function forgetBroad(db: Database, key: string): void {
  broad.forget(db, key);
}
