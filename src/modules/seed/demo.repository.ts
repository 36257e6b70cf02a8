import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { apiTokens, classifieds } from "../../db/schema/index.js";

/** True when no classified has ever been ingested: the database is fresh. */
export async function hasNoClassifieds(db: Database): Promise<boolean> {
  const rows = await db.select({ one: sql<number>`1` }).from(classifieds).limit(1);
  return rows.length === 0;
}

/** True when no API token exists at all (revoked ones count: someone already set access up). */
export async function hasNoTokens(db: Database): Promise<boolean> {
  const rows = await db.select({ one: sql<number>`1` }).from(apiTokens).limit(1);
  return rows.length === 0;
}
