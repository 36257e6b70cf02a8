import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { observation } from "../factories/observations.js";
import { cliDatabase, type CliDatabase } from "../support/cli-database.js";
import { runCli } from "../support/run-cli.js";

/**
 * `listings ingest` from stdin, as users run it, against a PostgreSQL database of its own when TEST_DATABASE_URL is
 * set, else an embedded data directory: what it says on stderr once every line of a bulk load is written, before
 * the closing maintenance, which takes a while at millions of rows.
 */
describe("listings ingest", { timeout: 180_000 }, () => {
  let database: CliDatabase;
  beforeAll(async () => {
    database = await cliDatabase("cli-ingest");
  }, 180_000);
  afterAll(() => database.close());

  const lines = (count: number, firstArea: number) =>
    Array.from({ length: count }, (_, index) => `${JSON.stringify(observation({ property: { area: firstArea + index } }))}\n`).join("");

  it("says what it does after a bulk load, and nothing of it after a small ingest", async () => {
    const bulk = await runCli(["ingest", "-"], database.env, lines(30, 40));
    expect(bulk.code).toBe(0);
    expect(bulk.stdout).toMatch(/30 created/);
    expect(bulk.stderr).toContain("Every line is written; refreshing the statistics and building the search indexes after a bulk load.");

    const small = await runCli(["ingest", "-"], database.env, lines(1, 900));
    expect(small.code).toBe(0);
    expect(small.stdout).toMatch(/1 created/);
    expect(small.stderr).not.toMatch(/Every line is written/);
  });
});
