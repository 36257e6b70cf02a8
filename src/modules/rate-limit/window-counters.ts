import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { rateLimitWindows } from "../../db/schema/index.js";

/**
 * Where request counts live. Windows are fixed and aligned on the clock (a window of 60 s starts at each whole
 * minute), so that every process counting one token agrees on its window.
 */
export type WindowCounter = {
  /** Counts one request of `key` in the window that starts at `windowStart`; returns the count so far, this one included. */
  increment(key: string, windowStart: Date): Promise<number>;
};

/** Tokens tracked before windows that are over are swept. */
const SWEEP_THRESHOLD = 10_000;

/** Counts in this process: right for the embedded database, which one process owns. */
export function memoryCounter(): WindowCounter {
  const windows = new Map<string, { start: number; count: number }>();
  return {
    async increment(key, windowStart) {
      const start = windowStart.getTime();
      let window = windows.get(key);
      if (window === undefined || window.start !== start) {
        if (windows.size >= SWEEP_THRESHOLD) for (const [other, old] of windows) if (old.start < start) windows.delete(other);
        window = { start, count: 0 };
        windows.set(key, window);
      }
      window.count += 1;
      return window.count;
    },
  };
}

/**
 * Counts in PostgreSQL, shared by every gateway process on the database: one atomic upsert per request, the row
 * starting over when its window is over. The row is updated in place (its indexed key never changes), so the
 * table stays small without vacuum. The upsert is built and prepared once: every request runs it, and built
 * and sent as a new statement it cost the gateway building it and PostgreSQL parsing and planning it each time.
 */
export function databaseCounter(db: Database): WindowCounter {
  const upsert = db
    .insert(rateLimitWindows)
    .values({ key: sql.placeholder("key"), windowStart: sql.placeholder("windowStart"), count: 1 })
    .onConflictDoUpdate({
      target: rateLimitWindows.key,
      // A request of a later window starts it over; one of the same (or, from a slow process, an earlier)
      // window counts in the stored one.
      set: {
        count: sql`case when excluded.window_start > ${rateLimitWindows.windowStart} then 1 else ${rateLimitWindows.count} + 1 end`,
        windowStart: sql`greatest(${rateLimitWindows.windowStart}, excluded.window_start)`,
      },
    })
    .returning({ count: rateLimitWindows.count })
    .prepare("rate_limit_increment");
  return {
    async increment(key, windowStart) {
      const [row] = await upsert.execute({ key, windowStart });
      return row?.count ?? 1;
    },
  };
}
