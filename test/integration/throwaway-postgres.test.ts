import { rmSync } from "node:fs";
import { createServer, type Server } from "node:net";
import path from "node:path";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { initCluster, startServer, stopServer, throwawayPostgresUnavailable, throwawayRoot } from "../support/throwaway-postgres.js";

/**
 * The servers that the outage and replica tests stop and start: when one cannot start, the failure must say why
 * (the server's own log), since the test run is the only place it happened.
 */
describe.skipIf(throwawayPostgresUnavailable !== undefined)("a throwaway PostgreSQL server", { timeout: 120_000 }, () => {
  let root: string;
  let dataDir: string;
  let squatter: Server;
  let takenPort: number;

  beforeAll(async () => {
    root = throwawayRoot("listings-throwaway-");
    dataDir = path.join(root, "cluster");
    await initCluster(dataDir);
    squatter = createServer();
    await new Promise<void>((resolve) => squatter.listen(0, "127.0.0.1", resolve));
    takenPort = (squatter.address() as { port: number }).port;
  });

  afterAll(async () => {
    await new Promise((resolve) => squatter?.close(resolve));
    if (root === undefined) return;
    await stopServer(dataDir);
    rmSync(root, { recursive: true, force: true });
  });

  it("fails on a port already taken with the server's own reason", async () => {
    await expect(startServer(dataDir, root, takenPort)).rejects.toThrow(/server log:[\s\S]*could not (bind|create listen socket)/);
  });

  it("chooses a free port itself and starts there", async () => {
    const port = await startServer(dataDir, root);
    const sql = postgres(`postgres://postgres@127.0.0.1:${port}/postgres`, { max: 1 });
    try {
      expect(await sql`select 1 as one`).toEqual([{ one: 1 }]);
    } finally {
      await sql.end();
    }
  });
});
