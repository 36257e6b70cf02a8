import { Redis } from "ioredis";
import { RATE_LIMIT_WINDOW_SECONDS } from "./plans.js";
import type { WindowCounter } from "./window-counters.js";

/** Window keys outlive their window a little, then Redis drops them by itself. */
const KEY_TTL_MS = 2 * RATE_LIMIT_WINDOW_SECONDS * 1_000;

/** A counter in Redis and the connection it holds (closed with `close`). */
export type RedisWindowCounter = WindowCounter & { close(): Promise<void> };

/**
 * Counts in Redis (REDIS_URL), shared by every gateway process that uses the same server, whatever its
 * database: one key per token and window, incremented atomically, expiring on its own. A command waits at most
 * half a second (for the connection, then the answer) and is not retried: while Redis is unreachable the rate
 * limiter lets the request through (it fails open, as with the database counter) instead of holding it.
 */
export function redisCounter(url: string, keyPrefix = "listings:rate:"): RedisWindowCounter {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, commandTimeout: 500, connectTimeout: 2_000 });
  // Connection errors surface as failed commands; the client reconnects by itself.
  redis.on("error", () => undefined);
  void redis.connect().catch(() => undefined);
  return {
    async increment(key, windowStart, by = 1) {
      const windowKey = `${keyPrefix}${key}:${windowStart.getTime()}`;
      const results = await redis.multi().incrby(windowKey, by).pexpire(windowKey, KEY_TTL_MS).exec();
      const [error, count] = results?.[0] ?? [new Error("no reply"), 0];
      if (error) throw error;
      return Number(count);
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
