import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PLAN_LIMITS } from "../../src/modules/rate-limit/plans.js";
import { EVERYWHERE, createBearer } from "../factories/viewers.js";
import { createTestDatabase, testDatabaseUrl, type TestDatabase } from "../support/database.js";
import { awaitWindowRoom } from "../support/rate-limit-window.js";
import { redisReachable, TEST_REDIS_URL } from "../support/redis.js";
import { startCli, type RunningCli } from "../support/run-cli.js";

const LISTENING = /^Listings Gateway listening on (http:\/\/127\.0\.0\.1:\d+) /m;

const withRedis = await redisReachable();

/**
 * Two gateway processes on one PostgreSQL database give a token its plan's allowance once, not twice: requests
 * are counted in the database, or in Redis with REDIS_URL. (On the embedded database one process owns the data:
 * it counts alone, unless REDIS_URL is set.)
 */
describe
  .skipIf(!testDatabaseUrl)
  .each([
    { counter: "PostgreSQL", extraEnv: {} as Record<string, string> },
    ...(withRedis ? [{ counter: "Redis", extraEnv: { REDIS_URL: TEST_REDIS_URL } as Record<string, string> }] : []),
  ])("a rate limit shared by every gateway process, counted in $counter", { timeout: 120_000 }, ({ counter, extraEnv }) => {
  let database: TestDatabase;
  const servers: RunningCli[] = [];
  const bases: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    const env = { DATABASE_URL: database.url ?? "", PORT: "0", DEMO_DATA: "false", LOG_LEVEL: "warn", ...extraEnv };
    for (let index = 0; index < 2; index += 1) {
      const server = startCli(["serve"], env);
      servers.push(server);
      const [, base] = await server.waitForOutput(LISTENING);
      bases.push(base ?? "");
    }
  });
  afterAll(async () => {
    for (const server of servers) server.signal("SIGTERM");
    await Promise.all(servers.map((server) => server.exited.catch(() => undefined)));
    await database?.close();
  });

  /**
   * A new token of `plan` calls the two processes in turn, once per request of its allowance, within one window;
   * returns the statuses, and a call to make one more request to either process.
   */
  async function spendAllowance(plan: "free" | "starter30") {
    const token = await createBearer(database.db, EVERYWHERE, plan);
    await awaitWindowRoom(10);
    const call = (gateway: number) => fetch(`${bases[gateway] ?? ""}/public/v1/auth`, { headers: { authorization: `Bearer ${token}` } });
    const statuses: number[] = [];
    for (let request = 0; request < PLAN_LIMITS[plan].requestsPerWindow; request += 1) statuses.push((await call(request % 2)).status);
    return { statuses, call };
  }

  it("refuses the request past the free plan's allowance, whichever process receives it", async () => {
    const { statuses, call } = await spendAllowance("free");
    expect(statuses.every((status) => status === 200)).toBe(true);
    const refused = await call(0);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).not.toBeNull();
    expect((await call(1)).status).toBe(429);
    // Counted where it says: the database's table holds this token's window only without Redis.
    const rows = await database.db.execute(sql`select count(*)::int as n from rate_limit_windows`);
    expect(Number((rows as unknown as Array<{ n: number }>)[0]?.n ?? 0) > 0).toBe(counter === "PostgreSQL");
  });

  it("counts a larger plan in blocks and still allows its allowance exactly once between the processes", async () => {
    const { statuses, call } = await spendAllowance("starter30");
    expect(statuses.filter((status) => status === 200)).toHaveLength(PLAN_LIMITS.starter30.requestsPerWindow);
    expect((await call(0)).status).toBe(429);
    expect((await call(1)).status).toBe(429);
  });
});
