import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PLAN_LIMITS } from "../../src/modules/rate-limit/plans.js";
import { EVERYWHERE, createBearer } from "../factories/viewers.js";
import { createTestDatabase, testDatabaseUrl, type TestDatabase } from "../support/database.js";
import { startCli, type RunningCli } from "../support/run-cli.js";

const LISTENING = /^Listings Gateway listening on (http:\/\/127\.0\.0\.1:\d+) /m;

/**
 * Two gateway processes on one PostgreSQL database give a token its plan's allowance once, not twice: requests
 * are counted in the database. (On the embedded database one process owns the data: it counts alone.)
 */
describe.skipIf(!testDatabaseUrl)("a rate limit shared by every gateway process", { timeout: 120_000 }, () => {
  let database: TestDatabase;
  const servers: RunningCli[] = [];
  const bases: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    const env = { DATABASE_URL: database.url ?? "", PORT: "0", DEMO_DATA: "false", LOG_LEVEL: "warn" };
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

  it("refuses the request past the free plan's allowance, whichever process receives it", async () => {
    const token = await createBearer(database.db, EVERYWHERE, "free");
    const allowance = PLAN_LIMITS.free.requestsPerWindow;
    // Windows are aligned on the clock: start well inside one, so that it does not roll over mid-test.
    const intoMinute = Date.now() % 60_000;
    if (intoMinute > 40_000) await new Promise((resolve) => setTimeout(resolve, 61_000 - intoMinute));
    const call = (base: string) => fetch(`${base}/public/v1/auth`, { headers: { authorization: `Bearer ${token}` } });
    const statuses: number[] = [];
    for (let request = 0; request < allowance; request += 1) statuses.push((await call(bases[request % 2] as string)).status);
    expect(statuses.every((status) => status === 200)).toBe(true);
    const refused = await call(bases[0] as string);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).not.toBeNull();
    expect((await call(bases[1] as string)).status).toBe(429);
  });
});
