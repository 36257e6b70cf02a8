import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { rowsOf } from "../../db/result-rows.js";
import { RecentMap } from "../common/recent-map.js";

/**
 * The version of the listings data, for what a search may remember between requests: the ingest epoch
 * (db/schema/ingest-epoch.ts), which every transaction that writes classifieds or properties increments first
 * (ingest batches and regroups take the ingest's turn, src/modules/ingest/ingest-turn.ts). What was computed at
 * version V holds for any later statement that reads V; the vocabulary of the text search changes with the
 * same writes. Each gateway process remembers for itself; the version they compare is the database's, and a
 * replica at version V holds the primary's data at V.
 */

/** The version as a column of the statement that needs it (0 before the first ingest), written out once. */
export const DATA_VERSION = sql<string>`${sql.raw("coalesce((select epoch from ingest_epoch where id = 1), 0)::text")}`;

/** The version now, in a statement of its own. */
export async function currentDataVersion(db: Database): Promise<string> {
  const [row] = rowsOf<{ version: string }>(await db.execute(sql`select ${DATA_VERSION} as version`));
  return row?.version ?? "0";
}

/**
 * Values remembered per database and key, each with the version it was computed at: at most `maxEntries` per
 * database, in two halves by recency; when the latest half fills up, the older one is forgotten (RecentMap).
 */
export function rememberedByVersion<T>(maxEntries: number) {
  type Entry = { version: string; value: T };
  const byDatabase = new WeakMap<Database, RecentMap<Entry>>();
  return {
    /** The value remembered for `key`, and the version it holds at. */
    get(db: Database, key: string): Entry | undefined {
      return byDatabase.get(db)?.get(key);
    },
    set(db: Database, key: string, version: string, value: T): void {
      let remembered = byDatabase.get(db);
      if (!remembered) {
        remembered = new RecentMap(maxEntries / 2);
        byDatabase.set(db, remembered);
      }
      remembered.set(key, { version, value });
    },
    forget(db: Database, key: string): void {
      byDatabase.get(db)?.delete(key);
    },
  };
}
