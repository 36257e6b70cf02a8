import type { Viewer } from "../auth/auth.types.js";
import { RATE_LIMIT_WINDOW_SECONDS, planLimits } from "./plans.js";

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

type Window = { startedAt: number; count: number };

/** Tokens tracked before expired windows are swept; with that many live tokens the map holds them all. */
const SWEEP_THRESHOLD = 10_000;

/**
 * Fixed-window request counter per token, held in this process. The bound across processes: behind N gateway
 * processes without token affinity, a token gets at most N times its plan's allowance per window (each
 * process counts on its own). The README documents this. Counting costs no database round trip.
 */
export class RateLimiter {
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly limitOf: (viewer: Viewer) => number = (viewer) => planLimits(viewer.plan).requestsPerWindow,
    private readonly windowSeconds: number = RATE_LIMIT_WINDOW_SECONDS,
    private readonly now: () => number = Date.now,
  ) {}

  consume(viewer: Viewer): RateLimitResult {
    const now = this.now();
    const windowMs = this.windowSeconds * 1_000;
    const limit = this.limitOf(viewer);
    let window = this.windows.get(viewer.tokenId);
    if (!window || now - window.startedAt >= windowMs) {
      if (this.windows.size >= SWEEP_THRESHOLD) this.sweep(now, windowMs);
      window = { startedAt: now, count: 0 };
      this.windows.set(viewer.tokenId, window);
    }
    const allowed = window.count < limit;
    if (allowed) window.count += 1;
    return {
      allowed,
      limit,
      remaining: Math.max(0, limit - window.count),
      resetSeconds: Math.max(1, Math.ceil((window.startedAt + windowMs - now) / 1_000)),
      policy: `${limit};w=${this.windowSeconds}`,
    };
  }

  private sweep(now: number, windowMs: number): void {
    for (const [key, window] of this.windows) if (now - window.startedAt >= windowMs) this.windows.delete(key);
  }
}

/** The limiter GraphQL and REST v1 share in this process. */
export const sharedRateLimiter = new RateLimiter();

/** Counts one request of `viewer` against its plan's allowance (shared by every transport). */
export function consumeRateLimit(viewer: Viewer, limiter: RateLimiter = sharedRateLimiter): RateLimitResult {
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
