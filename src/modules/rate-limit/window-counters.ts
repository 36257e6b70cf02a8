import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { rateLimitWindows } from "../../db/schema/index.js";

/**
 * Where request counts live. Windows are fixed and aligned on the clock (a window of 60 s starts at each whole
 * minute), so that every process counting one token agrees on its window.
 */
export type WindowCounter = {
  /**
   * Counts `by` requests (one unless given) of `key` in the window that starts at `windowStart`; returns the
   * count so far, these included.
   */
  increment(key: string, windowStart: Date, by?: number): Promise<number>;
};

/** Tokens tracked before windows that are over are swept. */
const SWEEP_THRESHOLD = 10_000;

/** Counts in this process: right for the embedded database, which one process owns. */
export function memoryCounter(): WindowCounter {
  const windows = new Map<string, { start: number; count: number }>();
  return {
    async increment(key, windowStart, by = 1) {
      const start = windowStart.getTime();
      let window = windows.get(key);
      if (window === undefined || window.start !== start) {
        if (windows.size >= SWEEP_THRESHOLD) for (const [other, old] of windows) if (old.start < start) windows.delete(other);
        window = { start, count: 0 };
        windows.set(key, window);
      }
      window.count += by;
      return window.count;
    },
  };
}

/**
 * Counts in PostgreSQL, shared by every gateway process on the database: one atomic upsert per request (or per
 * block of requests, rate-limiter.ts), the row starting over when its window is over. The row is updated in
 * place (its indexed key never changes), so the table stays small without vacuum. The upsert is built and
 * prepared once: built and sent as a new statement each time, it cost the gateway building it and PostgreSQL
 * parsing and planning it.
 */
export function databaseCounter(db: Database): WindowCounter {
  const upsert = db
    .insert(rateLimitWindows)
    .values({ key: sql.placeholder("key"), windowStart: sql.placeholder("windowStart"), count: sql.placeholder("by") })
    .onConflictDoUpdate({
      target: rateLimitWindows.key,
      // A request of a later window starts it over; one of the same (or, from a slow process, an earlier)
      // window counts in the stored one.
      set: {
        count: sql`case when excluded.window_start > ${rateLimitWindows.windowStart} then excluded.count else ${rateLimitWindows.count} + excluded.count end`,
        windowStart: sql`greatest(${rateLimitWindows.windowStart}, excluded.window_start)`,
      },
    })
    .returning({ count: rateLimitWindows.count })
    .prepare("rate_limit_increment");
  return {
    async increment(key, windowStart, by = 1) {
      const [row] = await upsert.execute({ key, windowStart, by });
      return row?.count ?? by;
    },
  };
}
