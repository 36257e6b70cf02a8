import { describe, expect, it } from "vitest";
import { PLAN_LIMITS } from "../../src/modules/rate-limit/plans.js";
import { RateLimiter, consumeRateLimit, rateLimitHeaders } from "../../src/modules/rate-limit/rate-limiter.js";
import { EVERYWHERE, viewerWith } from "../factories/viewers.js";

describe("rate limiter", () => {
  it("allows the plan's allowance per window, then refuses until the window resets", () => {
    let now = 1_000_000;
    const limiter = new RateLimiter(() => 3, 60, () => now);
    const viewer = viewerWith(EVERYWHERE, "free");
    const results = Array.from({ length: 4 }, () => limiter.consume(viewer));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results.map((r) => r.remaining)).toEqual([2, 1, 0, 0]);
    expect(results[3]).toMatchObject({ limit: 3, resetSeconds: 60, policy: "3;w=60" });
    now += 59_500;
    expect(limiter.consume(viewer)).toMatchObject({ allowed: false, resetSeconds: 1 });
    now += 500;
    expect(limiter.consume(viewer)).toMatchObject({ allowed: true, remaining: 2 });
  });

  it("counts each token on its own", () => {
    const limiter = new RateLimiter(() => 1);
    expect(limiter.consume(viewerWith(EVERYWHERE)).allowed).toBe(true);
    expect(limiter.consume(viewerWith(EVERYWHERE)).allowed).toBe(true);
  });

  it("uses the plan's numbers by default and gives headers, Retry-After only on refusal", () => {
    const limiter = new RateLimiter();
    const result = consumeRateLimit(viewerWith(EVERYWHERE, "starter30"), limiter);
    expect(result.limit).toBe(PLAN_LIMITS.starter30.requestsPerWindow);
    const headers = rateLimitHeaders(result);
    expect(headers["RateLimit-Limit"]).toBe(String(result.limit));
    expect(headers["Retry-After"]).toBeUndefined();
    expect(rateLimitHeaders({ ...result, allowed: false })["Retry-After"]).toBe(String(result.resetSeconds));
  });
});
