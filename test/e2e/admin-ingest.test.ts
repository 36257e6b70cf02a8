import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { FastifyInstance } from "fastify";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "../../src/config/env.js";
import { pushToServer } from "../../src/cli/commands/ingest-remote.js";
import { Authenticator, createToken } from "../../src/modules/auth/auth.service.js";
import { buildApp } from "../../src/transports/http.js";
import { observation, toLines } from "../factories/observations.js";
import { classifiedOf } from "../integration/ingest.helpers.js";
import { createTestDatabase, type TestDatabase } from "../support/database.js";

const everywhere = { allDepartments: true, departments: [], sirens: [], sirets: [] };
const repositoryRoot = fileURLToPath(new URL("../..", import.meta.url));

/** Chunks of `text` cut every `size` bytes, so that lines and multi-byte characters straddle chunks. */
async function* chunked(text: string, size: number): AsyncGenerator<Uint8Array> {
  const bytes = Buffer.from(text, "utf8");
  for (let offset = 0; offset < bytes.length; offset += size) yield bytes.subarray(offset, offset + size);
}

describe("POST /admin/v1/ingest", () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let base: string;
  let ingestToken: string;
  let readToken: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    app = buildApp({
      database,
      authenticator: new Authenticator(database.db),
      env: parseEnv({ NODE_ENV: "test" }),
      logger: pino({ level: "silent" }),
    });
    await app.listen({ host: "127.0.0.1", port: 0 });
    const address = app.server.address();
    if (address === null || typeof address === "string") throw new Error("expected a TCP address");
    base = `http://127.0.0.1:${address.port}`;
    const plan = "pro200" as const;
    ingestToken = (await createToken(database.db, { email: "collector@example.fr", name: "collector", plan, contract: everywhere, scopes: ["read", "ingest"] }))
      .secret;
    readToken = (await createToken(database.db, { email: "reader@example.fr", name: "reader", plan, contract: everywhere, scopes: ["read"] })).secret;
  });

  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const post = (body: string, headers: Record<string, string>) =>
    fetch(`${base}/admin/v1/ingest`, { method: "POST", headers: { "content-type": "application/x-ndjson", ...headers }, body });

  it("answers 401 without a valid token", async () => {
    const missing = await post(toLines([observation()]).join("\n"), {});
    expect(missing.status).toBe(401);
    expect(await missing.json()).toEqual({ message: "Unauthenticated." });
    const wrong = await post("", { authorization: "Bearer lgw_not_a_real_token_at_all" });
    expect(wrong.status).toBe(401);
  });

  it("answers 403 to a token without the ingest scope", async () => {
    const response = await post(toLines([observation()]).join("\n"), { authorization: `Bearer ${readToken}` });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ message: "This token does not have the ingest scope." });
  });

  it("answers 415 to another content type", async () => {
    const response = await fetch(`${base}/admin/v1/ingest`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${ingestToken}` },
      body: JSON.stringify(observation()),
    });
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual({ message: expect.stringContaining("application/x-ndjson") });
  });

  it("ingests a streamed body and answers the summary with the rejects", async () => {
    const good = [observation({ title: "Étage élevé, vue dégagée" }), observation()];
    const text = `${toLines([good[0] ?? {}, "{broken", good[1] ?? {}]).join("\n")}\n`;
    const result = await pushToServer(base, ingestToken, chunked(text, 7));
    expect(result.summary).toEqual({ received: 3, created: 2, updated: 0, unchanged: 0, removed: 0, rejected: 1 });
    expect(result.rejects).toEqual([{ line: 2, reason: expect.stringMatching(/^not valid JSON/), input: "{broken" }]);
    expect(result.rejectsTruncated).toBe(false);
    const stored = await classifiedOf(database.db, good[0] ?? {});
    expect(stored.title).toBe("Étage élevé, vue dégagée");
  });

  it("answers an empty body with an empty summary", async () => {
    const response = await post("", { authorization: `Bearer ${ingestToken}` });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: 0, created: 0, updated: 0, unchanged: 0, removed: 0, rejected: 0, rejects: [], rejectsTruncated: false });
  });

  it("`listings ingest --server` pushes a feed and exits 2 when lines are rejected", async () => {
    const feed = `${toLines([observation(), observation({ property: { type: "castle" } })]).join("\n")}\n`;
    const child = spawn(process.execPath, ["--import", "tsx", "src/cli/main.ts", "ingest", "-", "--server", base, "--token", ingestToken, "--json"], {
      cwd: repositoryRoot,
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdin.end(feed);
    const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
    expect(JSON.parse(stdout)).toEqual({ received: 2, created: 1, updated: 0, unchanged: 0, removed: 0, rejected: 1 });
    expect(stderr).toContain("line 2: property.type: must be one of");
    expect(code).toBe(2);
  }, 60_000);

  it("`listings ingest --server` with a read-only token fails with the server's message", async () => {
    const child = spawn(process.execPath, ["--import", "tsx", "src/cli/main.ts", "ingest", "-", "--server", base, "--token", readToken], {
      cwd: repositoryRoot,
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdin.end(`${toLines([observation()]).join("\n")}\n`);
    const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
    expect(stderr).toContain("the server answered 403: This token does not have the ingest scope.");
    expect(code).toBe(1);
  }, 60_000);
});
