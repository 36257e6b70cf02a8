import { createServer, type Server } from "node:net";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { throwawayCluster, throwawayPostgresUnavailable, type ThrowawayCluster } from "../support/throwaway-postgres.js";

/**
 * The servers that the outage and replica tests stop and start: when one cannot start, the failure must say why
 * (the server's own log), since the test run is the only place it happened.
 */
describe.skipIf(throwawayPostgresUnavailable !== undefined)("a throwaway PostgreSQL server", { timeout: 120_000 }, () => {
  let cluster: ThrowawayCluster;
  let squatter: Server;
  let takenPort: number;

  beforeAll(async () => {
    cluster = await throwawayCluster("listings-throwaway-");
    squatter = createServer();
    await new Promise<void>((resolve) => squatter.listen(0, "127.0.0.1", resolve));
    takenPort = (squatter.address() as { port: number }).port;
  });

  afterAll(async () => {
    await new Promise((resolve) => squatter?.close(resolve));
    await cluster?.remove();
  });

  it("fails on a port already taken with the server's own reason", async () => {
    await expect(cluster.start(takenPort)).rejects.toThrow(/server log:[\s\S]*could not (bind|create listen socket)/);
  });

  it("chooses a free port itself and starts there", async () => {
    const port = await cluster.start();
    const sql = postgres(`postgres://postgres@127.0.0.1:${port}/postgres`, { max: 1 });
    try {
      expect(await sql`select 1 as one`).toEqual([{ one: 1 }]);
    } finally {
      await sql.end();
    }
  });
});
