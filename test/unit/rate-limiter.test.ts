import { describe, expect, it } from "vitest";
import { PLAN_LIMITS } from "../../src/modules/rate-limit/plans.js";
import { RateLimiter, consumeRateLimit, rateLimitHeaders } from "../../src/modules/rate-limit/rate-limiter.js";
import { EVERYWHERE, viewerWith } from "../factories/viewers.js";

describe("rate limiter", () => {
  it("allows the plan's allowance per window, then refuses until the window resets", async () => {
    let now = 1_020_000; // windows are aligned on the clock: this one starts here
    const limiter = new RateLimiter(
      () => 3,
      60,
      () => now,
    );
    const viewer = viewerWith(EVERYWHERE, "free");
    const results = [];
    for (let request = 0; request < 4; request += 1) results.push(await limiter.consume(viewer));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results.map((r) => r.remaining)).toEqual([2, 1, 0, 0]);
    expect(results[3]).toMatchObject({ limit: 3, resetSeconds: 60, policy: "3;w=60" });
    now += 59_500;
    expect(await limiter.consume(viewer)).toMatchObject({ allowed: false, resetSeconds: 1 });
    now += 500;
    expect(await limiter.consume(viewer)).toMatchObject({ allowed: true, remaining: 2 });
  });

  it("counts each token on its own", async () => {
    const limiter = new RateLimiter(() => 1);
    expect((await limiter.consume(viewerWith(EVERYWHERE))).allowed).toBe(true);
    expect((await limiter.consume(viewerWith(EVERYWHERE))).allowed).toBe(true);
  });

  it("uses the plan's numbers by default and gives headers, Retry-After only on refusal", async () => {
    const limiter = new RateLimiter();
    const result = await consumeRateLimit(viewerWith(EVERYWHERE, "starter30"), limiter);
    expect(result.limit).toBe(PLAN_LIMITS.starter30.requestsPerWindow);
    const headers = rateLimitHeaders(result);
    expect(headers["RateLimit-Limit"]).toBe(String(result.limit));
    expect(headers["Retry-After"]).toBeUndefined();
    expect(rateLimitHeaders({ ...result, allowed: false })["Retry-After"]).toBe(String(result.resetSeconds));
  });
});
