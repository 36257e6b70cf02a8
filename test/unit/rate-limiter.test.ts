import { describe, expect, it } from "vitest";
import { PLAN_LIMITS } from "../../src/modules/rate-limit/plans.js";
import { RateLimiter, consumeRateLimit, rateLimitHeaders, sharedCounterBlock } from "../../src/modules/rate-limit/rate-limiter.js";
import { memoryCounter, type WindowCounter } from "../../src/modules/rate-limit/window-counters.js";
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

/** A counter shared by several limiters (as by gateway processes), counting how often it is asked. */
function sharedCounter(): WindowCounter & { asked: number } {
  const counts = memoryCounter();
  const counter = {
    asked: 0,
    increment(key: string, windowStart: Date, by?: number) {
      counter.asked += 1;
      return counts.increment(key, windowStart, by);
    },
  };
  return counter;
}

describe("rate limits on a counter shared by processes", () => {
  const viewer = viewerWith(EVERYWHERE, "growth100");
  const at = (time: number) => () => time;

  it("takes numbers in blocks: the counter is asked once per block, not per request", async () => {
    const counter = sharedCounter();
    const limiter = new RateLimiter(() => 6_000, 60, at(1_020_000), counter, sharedCounterBlock);
    const results = [];
    for (let request = 0; request < 90; request += 1) results.push(await limiter.consume(viewer));
    expect(sharedCounterBlock(6_000)).toBe(30);
    expect(counter.asked).toBe(3);
    expect(results.map((result) => result.remaining)).toEqual(Array.from({ length: 90 }, (_, index) => 6_000 - index - 1));
  });

  it("never allows more than the limit between processes, and refuses a spent window without asking", async () => {
    const counter = sharedCounter();
    const processes = [0, 1, 2].map(() => new RateLimiter(() => 1_000, 60, at(1_020_000), counter, sharedCounterBlock));
    let allowed = 0;
    for (let request = 0; request < 1_200; request += 1) {
      const limiter = processes[request % 3] as RateLimiter;
      if ((await limiter.consume(viewer)).allowed) allowed += 1;
    }
    expect(allowed).toBe(1_000);
    const askedWhenSpent = counter.asked;
    for (const limiter of processes) expect((await limiter.consume(viewer)).allowed).toBe(false);
    expect(counter.asked).toBe(askedWhenSpent);
  });

  it("gives requests that arrive together numbers of one block, and starts each window over", async () => {
    const counter = sharedCounter();
    let now = 1_020_000;
    const limiter = new RateLimiter(
      () => 6_000,
      60,
      () => now,
      counter,
      sharedCounterBlock,
    );
    const together = await Promise.all(Array.from({ length: 20 }, () => limiter.consume(viewer)));
    expect(counter.asked).toBe(1);
    expect(new Set(together.map((result) => result.remaining)).size).toBe(20);
    now += 60_000;
    expect(await limiter.consume(viewer)).toMatchObject({ allowed: true, remaining: 5_999 });
    expect(counter.asked).toBe(2);
  });

  it("lets requests through while the counter fails, and counts again once it answers", async () => {
    let failing = true;
    const counts = memoryCounter();
    const counter: WindowCounter = {
      increment: (key, windowStart, by) => (failing ? Promise.reject(new Error("down")) : counts.increment(key, windowStart, by)),
    };
    const limiter = new RateLimiter(() => 6_000, 60, at(1_020_000), counter, sharedCounterBlock);
    expect(await Promise.all([limiter.consume(viewer), limiter.consume(viewer)])).toMatchObject([{ allowed: true }, { allowed: true }]);
    failing = false;
    expect(await limiter.consume(viewer)).toMatchObject({ allowed: true, remaining: 5_999 });
  });

  it("counts small plans one request at a time", () => {
    expect([60, 199, 200, 1_800, 12_000, 30_000].map(sharedCounterBlock)).toEqual([1, 1, 1, 9, 32, 32]);
  });
});
