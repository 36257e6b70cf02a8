import type { SQL } from "drizzle-orm";
import type { Transaction } from "./client.js";

/**
 * Runs a statement in a transaction starting now, rather than when awaited (Drizzle's queries are lazy): the
 * statements sent one after the other without awaiting run in that order on the transaction's connection, and
 * PostgreSQL gets the next one without waiting for this thread.
 */
export function sendNow(tx: Transaction, query: SQL): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.execute(query).then(() => resolve(), reject);
  });
}
