import type { Viewer } from "../auth/auth.types.js";
import { RATE_LIMIT_WINDOW_SECONDS, planLimits } from "./plans.js";
import { RecentMap } from "../common/recent-map.js";
import { memoryCounter, type WindowCounter } from "./window-counters.js";

/** The outcome of counting one request against its token's allowance. */
export type RateLimitResult = {
  allowed: boolean;
  /** Requests allowed per window. */
  limit: number;
  /** Requests left in the current window after this one. */
  remaining: number;
  /** Seconds until the window resets. */
  resetSeconds: number;
  /** The policy in the form of the `RateLimit-Policy` header (`limit;w=seconds`). */
  policy: string;
};

/**
 * Fixed-window request counter per token, windows aligned on the clock. Where counts live is the counter's
 * business (window-counters.ts): in this process on the embedded database, in PostgreSQL or Redis otherwise, so
 * that every gateway process sharing it shares one allowance per token. If the counter cannot answer (the
 * database is down), the request is let through: it will fail on its own reads, with the right status.
 *
 * A shared counter is asked for a block of numbers at a time (`blockOf` the limit, see `sharedCounterBlock`),
 * which this process then hands to the token's next requests: each number is given to one request in one
 * process, and a number beyond the limit is refused, so no more than the limit is ever allowed. Asked at every
 * request, the counter cost a statement besides the request's own reads, a write to the one row of the token
 * that every gateway process updates. Once a window's numbers are past the limit, the token's further requests
 * in that window are refused without asking.
 */
export class RateLimiter {
  /** The tokens' leases, bounded by recency: a lease forgotten only leaves its numbers unused. */
  private readonly leases = new RecentMap<Lease>(LEASED_TOKENS);

  constructor(
    private readonly limitOf: (viewer: Viewer) => number = (viewer) => planLimits(viewer.plan).requestsPerWindow,
    private readonly windowSeconds: number = RATE_LIMIT_WINDOW_SECONDS,
    private readonly now: () => number = Date.now,
    private readonly counter: WindowCounter = memoryCounter(),
    private readonly blockOf: (limit: number) => number = () => 1,
  ) {}

  /** The plans' allowances, counted by `counter` (shared by the processes that share it), in blocks. */
  static countingIn(counter: WindowCounter): RateLimiter {
    return new RateLimiter(undefined, undefined, undefined, counter, sharedCounterBlock);
  }

  async consume(viewer: Viewer): Promise<RateLimitResult> {
    const now = this.now();
    const windowMs = this.windowSeconds * 1_000;
    const limit = this.limitOf(viewer);
    const windowStart = Math.floor(now / windowMs) * windowMs;
    const block = this.blockOf(limit);
    const count =
      block > 1
        ? await this.leasedCount(viewer.tokenId, windowStart, limit, block)
        : await this.counter.increment(viewer.tokenId, new Date(windowStart)).catch(() => 0);
    const allowed = count <= limit;
    return {
      allowed,
      limit,
      remaining: Math.max(0, limit - count),
      resetSeconds: Math.max(1, Math.ceil((windowStart + windowMs - now) / 1_000)),
      policy: `${limit};w=${this.windowSeconds}`,
    };
  }

  /** The token's next number in the window: from its lease, or from a new block (0 when the counter fails). */
  private async leasedCount(key: string, windowStart: number, limit: number, block: number): Promise<number> {
    for (;;) {
      const lease = this.leases.get(key);
      if (lease?.windowStart === windowStart) {
        if (lease.next <= lease.last) return lease.next++;
        if (lease.last > limit) return lease.last + 1;
        // Requests that arrive while a block is being reserved wait for it rather than reserving their own.
        if (lease.reserving) {
          await lease.reserving.catch(() => undefined);
          continue;
        }
      }
      const reserving = this.counter.increment(key, new Date(windowStart), block);
      this.leases.set(key, { windowStart, next: 1, last: 0, reserving });
      const last = await reserving.catch(() => undefined);
      if (last === undefined) {
        this.leases.delete(key);
        return 0;
      }
      this.leases.set(key, { windowStart, next: last - block + 2, last });
      return last - block + 1;
    }
  }
}

/** Numbers of one token's window held by this process: `next` to `last`, or a block on its way. */
type Lease = { windowStart: number; next: number; last: number; reserving?: Promise<number> };

/** Tokens whose leases are kept, and as many before them (RecentMap). */
const LEASED_TOKENS = 10_000;

/**
 * How many numbers a process takes from a shared counter at once: a 200th of the limit, between 1 and 32. Numbers
 * a process holds when the window ends go unused, so with N processes a token can be refused up to N x 31
 * requests before its limit (0.5% of it at most per process), never allowed more. Plans of 200 requests or fewer a
 * window are counted one request at a time.
 */
export function sharedCounterBlock(limit: number): number {
  return Math.min(32, Math.max(1, Math.floor(limit / 200)));
}

/** The limiter of a process on the embedded database, and of tests that bring none. */
export const sharedRateLimiter = new RateLimiter();

/** Counts one request of `viewer` against its plan's allowance (shared by every transport). */
export function consumeRateLimit(viewer: Viewer, limiter: RateLimiter = sharedRateLimiter): Promise<RateLimitResult> {
  return limiter.consume(viewer);
}

/** The `RateLimit-*` headers of a result, plus `Retry-After` when the request was refused. */
export function rateLimitHeaders(result: RateLimitResult): Record<string, string> {
  const headers: Record<string, string> = {
    "RateLimit-Policy": result.policy,
    "RateLimit-Limit": String(result.limit),
    "RateLimit-Remaining": String(result.remaining),
    "RateLimit-Reset": String(result.resetSeconds),
  };
  if (!result.allowed) headers["Retry-After"] = String(result.resetSeconds);
  return headers;
}
