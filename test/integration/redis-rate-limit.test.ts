import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Viewer } from "../../src/modules/auth/auth.types.js";
import { RateLimiter } from "../../src/modules/rate-limit/rate-limiter.js";
import { redisCounter, type RedisWindowCounter } from "../../src/modules/rate-limit/redis-counter.js";
import { viewerWith, EVERYWHERE } from "../factories/viewers.js";
import { redisReachable, TEST_REDIS_URL } from "../support/redis.js";

const REDIS_URL = TEST_REDIS_URL;
const reachable = await redisReachable();

/**
 * With REDIS_URL, request counts live in Redis: every gateway process using the server shares one allowance per
 * token, whatever its database. Without Redis reachable the limiter lets requests through rather than hold them.
 */
describe.skipIf(!reachable)("rate limits counted in Redis", () => {
  const prefix = `listings:test:${process.pid}:${Date.now()}:`;
  const counters: RedisWindowCounter[] = [];
  beforeAll(() => {
    // Two gateway processes: two connections, one server.
    counters.push(redisCounter(REDIS_URL, prefix), redisCounter(REDIS_URL, prefix));
  });
  afterAll(async () => {
    for (const counter of counters) await counter.close();
  });

  it("shares one allowance between two limiters on one Redis server", async () => {
    const [first, second] = counters.map(
      (counter) =>
        new RateLimiter(
          () => 3,
          60,
          () => 1_800_000_000_000 + 5_000,
          counter,
        ),
    ) as [RateLimiter, RateLimiter];
    const viewer: Viewer = viewerWith(EVERYWHERE);
    const results = [await first.consume(viewer), await second.consume(viewer), await first.consume(viewer), await second.consume(viewer)];
    expect(results.map((result) => result.allowed)).toEqual([true, true, true, false]);
    expect(results.map((result) => result.remaining)).toEqual([2, 1, 0, 0]);
  });

  it("counts a block of requests at once", async () => {
    const counter = counters[0] as RedisWindowCounter;
    const window = new Date(1_800_000_000_000 + 120_000);
    expect([await counter.increment("blocks", window, 30), await counter.increment("blocks", window)]).toEqual([30, 31]);
  });

  it("starts a new window with a new count, and lets requests through while Redis is unreachable", async () => {
    const counter = counters[0] as RedisWindowCounter;
    const viewer: Viewer = viewerWith(EVERYWHERE);
    const later = new RateLimiter(
      () => 1,
      60,
      () => 1_800_000_000_000 + 65_000,
      counter,
    );
    expect((await later.consume(viewer)).allowed).toBe(true);
    const nowhere = redisCounter("redis://127.0.0.1:1", prefix);
    try {
      const offline = new RateLimiter(
        () => 1,
        60,
        () => 1_800_000_000_000 + 5_000,
        nowhere,
      );
      const started = Date.now();
      expect((await offline.consume(viewer)).allowed).toBe(true);
      expect(Date.now() - started).toBeLessThan(2_000);
    } finally {
      await nowhere.close();
    }
  });
});
