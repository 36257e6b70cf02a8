import type { Viewer } from "../auth/auth.types.js";
import { RATE_LIMIT_WINDOW_SECONDS, planLimits } from "./plans.js";
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
 * business (window-counters.ts): in this process on the embedded database, in PostgreSQL otherwise, so that
 * every gateway process on one database shares one allowance per token. If the counter cannot answer (the
 * database is down), the request is let through: it will fail on its own reads, with the right status.
 */
export class RateLimiter {
  constructor(
    private readonly limitOf: (viewer: Viewer) => number = (viewer) => planLimits(viewer.plan).requestsPerWindow,
    private readonly windowSeconds: number = RATE_LIMIT_WINDOW_SECONDS,
    private readonly now: () => number = Date.now,
    private readonly counter: WindowCounter = memoryCounter(),
  ) {}

  /** The plans' allowances, counted by `counter` (shared by the processes that share it). */
  static countingIn(counter: WindowCounter): RateLimiter {
    return new RateLimiter(undefined, undefined, undefined, counter);
  }

  async consume(viewer: Viewer): Promise<RateLimitResult> {
    const now = this.now();
    const windowMs = this.windowSeconds * 1_000;
    const limit = this.limitOf(viewer);
    const windowStart = Math.floor(now / windowMs) * windowMs;
    const count = await this.counter.increment(viewer.tokenId, new Date(windowStart)).catch(() => 0);
    const allowed = count <= limit;
    return {
      allowed,
      limit,
      remaining: Math.max(0, limit - count),
      resetSeconds: Math.max(1, Math.ceil((windowStart + windowMs - now) / 1_000)),
      policy: `${limit};w=${this.windowSeconds}`,
    };
  }
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
