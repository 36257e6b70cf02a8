import { fastPathsOf, type Database } from "../db/client.js";
import type { Contract } from "../domain/contract.js";
import { withCompiledRowMapper } from "./compiled-row-mapper.js";

/** Contracts kept per database before the cache starts over; there are as many contracts as accounts. */
const MAX_CONTRACTS_PER_DATABASE = 2_000;

/**
 * Caches a repository's prepared statements per database and per contract. Building a Drizzle query costs
 * more than running it (STACK-NOTES), so each (database, contract) pair builds its statements once. The
 * contract's values are bound as parameters, so contracts of the same shape share the SQL text and the
 * server-side prepared statement. Only statements live here, never rows or request state.
 *
 * One fast path reaches into Drizzle's prepared queries here, and only here: `compiled-rows` (FAST_PATHS), a row
 * mapping compiled once per statement (compiled-row-mapper.ts) instead of Drizzle's generic one.
 */
export function contractStatements<T extends object>(prepare: (db: Database, contract: Contract) => T): (db: Database, contract: Contract) => T {
  const byDatabase = new WeakMap<Database, Map<string, T>>();
  return (db, contract) => {
    let byContract = byDatabase.get(db);
    if (!byContract) {
      byContract = new Map();
      byDatabase.set(db, byContract);
    }
    const key = contractKey(contract);
    let statements = byContract.get(key);
    if (!statements) {
      if (byContract.size >= MAX_CONTRACTS_PER_DATABASE) byContract.clear();
      statements = prepare(db, contract);
      if (fastPathsOf(db).has("compiled-rows")) for (const statement of Object.values(statements)) withCompiledRowMapper(statement);
      byContract.set(key, statements);
    }
    return statements;
  };
}

/** Keys already computed, per contract object (a viewer's contract serves every request of its token). */
const keys = new WeakMap<Contract, string>();

function contractKey(contract: Contract): string {
  let key = keys.get(contract);
  if (key === undefined) {
    key = JSON.stringify([contract.allDepartments, contract.departments, contract.sirens, contract.sirets]);
    keys.set(contract, key);
  }
  return key;
}
