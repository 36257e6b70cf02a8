import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";

/**
 * True when the database answers `select 1` within `timeoutMs`. A database that hangs (a PGlite queue behind a
 * long transaction, a PostgreSQL server that stopped answering) counts as not ready rather than blocking the
 * readiness probe.
 */
export async function pingDatabase(db: Database, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    const ping = db.execute(sql`select 1`).then(
      () => true,
      () => false,
    );
    return await Promise.race([ping, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
