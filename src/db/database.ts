import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type * as schema from "./schema/index.js";

export type Schema = typeof schema;

/** The Drizzle database, whichever driver is behind it. All repositories take this type. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

/** A transaction handle as given to `db.transaction(async (tx) => ...)`. */
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
