import { stat } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cliDatabase, type CliDatabase } from "../support/cli-database.js";
import { testDatabaseUrl } from "../support/database.js";
import { runCli, startCli, type RunningCli } from "../support/run-cli.js";

const LISTENING = /^Listings Gateway listening on (http:\/\/127\.0\.0\.1:\d+) /m;

/**
 * `listings serve` as a real process: start-up on a fresh database with demo data and a demo token, health
 * endpoints, a second process refused on the embedded data directory, graceful stop on SIGTERM, and a
 * restart that neither seeds again nor prints another token.
 */
describe("listings serve", { timeout: 240_000 }, () => {
  let database: CliDatabase;
  let env: Record<string, string>;
  let server: RunningCli | undefined;

  beforeAll(async () => {
    database = await cliDatabase("cli-serve");
    env = { ...database.env, PORT: "0", DEMO_DATA: "true", DEMO_CLASSIFIEDS: "150", LOG_LEVEL: "info", SHUTDOWN_GRACE_MS: "5000" };
  });

  afterAll(async () => {
    server?.signal("SIGKILL");
    await database.close();
  });

  let url = "";
  let demoToken = "";

  it("starts on an empty database: migrates, seeds demo listings, prints a demo token and the URLs", async () => {
    server = startCli(["serve"], env);
    const [, base] = await server.waitForOutput(LISTENING);
    url = base ?? "";
    const { stdout } = server.output();
    for (const suffix of ["/graphql", "/public/v1", "/docs", "/metrics", "/healthz"]) expect(stdout).toContain(`${url}${suffix}`);
    expect(stdout).toMatch(/^Demo data: 150 classifieds created from \d+ observations\.$/m);
    const token = /^ {2}(lgw_[A-Za-z0-9_-]{43})$/m.exec(stdout);
    expect(token).not.toBeNull();
    demoToken = token?.[1] ?? "";
  });

  it("answers the health endpoints and the demo token works, with every scope and all departments", async () => {
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    const ready = await fetch(`${url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: "ready", database: database.postgres ? "postgres" : "pglite" });
    const auth = await fetch(`${url}/public/v1/auth`, { headers: { authorization: `Bearer ${demoToken}` } });
    expect(auth.status).toBe(200);
    expect(await auth.json()).toMatchObject({ email: "demo@listings.example", tokenName: "demo", meta: { subscriptionPlan: "pro200" } });
  });

  it("logs JSON lines carrying the request id", async () => {
    await fetch(`${url}/healthz`, { headers: { "x-request-id": "cli-serve-test-1" } });
    const lines =
      server
        ?.output()
        .stdout.split("\n")
        .filter((line) => line.includes('"reqId":"cli-serve-test-1"')) ?? [];
    expect(lines.length).toBeGreaterThanOrEqual(1);
    for (const line of lines) expect(JSON.parse(line)).toMatchObject({ reqId: "cli-serve-test-1", service: "listings-gateway" });
  });

  it.skipIf(testDatabaseUrl !== undefined)("refuses a second process on the same embedded data directory", async () => {
    const second = await runCli(["migrate"], env);
    expect(second.code).toBe(1);
    expect(second.stderr).toContain(`is in use by process ${server?.pid} (listings serve)`);
    expect(second.stderr).toContain("listings ingest --server");
    expect(second.stderr).not.toMatch(/\n\s+at /);
  });

  it("stops gracefully on SIGTERM: exit 0, data directory released", async () => {
    server?.signal("SIGTERM");
    const result = await server?.exited;
    expect(result?.code).toBe(0);
    expect(result?.stdout).toMatch(/"msg":"stopped"/);
    if (database.dataDir) await expect(stat(path.join(database.dataDir, "listings.lock"))).rejects.toThrow(/ENOENT/);
    await expect(fetch(`${url}/healthz`)).rejects.toThrow();
  });

  it("restarts on the same database without seeding again or printing another token", async () => {
    server = startCli(["serve"], env);
    await server.waitForOutput(LISTENING);
    const { stdout } = server.output();
    expect(stdout).not.toMatch(/Demo data:/);
    expect(stdout).not.toMatch(/lgw_/);
    server.signal("SIGINT");
    expect((await server.exited).code).toBe(0);
  });
});
