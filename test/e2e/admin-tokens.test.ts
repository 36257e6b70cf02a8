import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createToken } from "../../src/modules/auth/auth.service.js";
import { EVERYWHERE, createBearer } from "../factories/viewers.js";
import { createTestDatabase, type TestDatabase } from "../support/database.js";
import { startGatewayApp, type GatewayApp } from "../support/gateway-app.js";
import { runCli } from "../support/run-cli.js";

/**
 * Tokens managed through a running server (`/admin/v1/tokens` and `listings token ... --server`), so that an
 * operator of the embedded database can revoke a token without stopping the service.
 */
describe("token management through the running server", { timeout: 120_000 }, () => {
  let database: TestDatabase;
  let gateway: GatewayApp;
  let admin: string;
  let reader: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    gateway = await startGatewayApp(database, { WEBHOOK_DISPATCHER: "false" });
    admin = (await createToken(database.db, { email: "ops@example.fr", name: "ops", plan: "pro200", contract: EVERYWHERE, scopes: ["read", "admin"] })).secret;
    reader = await createBearer(database.db);
  });
  afterAll(async () => {
    await gateway?.close();
    await database?.close();
  });

  const call = (method: string, path: string, token: string | undefined, body?: unknown) =>
    fetch(`${gateway.base}${path}`, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { "content-type": "application/json" }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  it("needs a token (401), with the admin scope (403)", async () => {
    for (const [method, path] of [
      ["GET", "/admin/v1/tokens"],
      ["POST", "/admin/v1/tokens"],
      ["DELETE", "/admin/v1/tokens/lgw_abcdef"],
    ] as const) {
      expect((await call(method, path, undefined, method === "POST" ? {} : undefined)).status, `${method} ${path}`).toBe(401);
      expect((await call(method, path, reader, method === "POST" ? {} : undefined)).status, `${method} ${path}`).toBe(403);
    }
  });

  it("creates, lists and revokes over HTTP; a revoked token stops working; bad input is a 422 naming the field", async () => {
    const bad = await call("POST", "/admin/v1/tokens", admin, { email: "nope", name: "x", plan: "gold", departments: ["75"] });
    expect(bad.status).toBe(422);
    expect(Object.keys(((await bad.json()) as { errors: Record<string, string[]> }).errors).sort()).toEqual(["email", "plan"]);
    const created = await call("POST", "/admin/v1/tokens", admin, { email: "new@example.fr", name: "laptop", plan: "starter30", departments: ["75", "2a"] });
    expect(created.status).toBe(201);
    const body = (await created.json()) as { token: string; id: string; dataAccessLimit: { departments: string[] } };
    expect(body.dataAccessLimit.departments).toEqual(["2A", "75"]);
    expect((await fetch(`${gateway.base}/public/v1/auth`, { headers: { authorization: `Bearer ${body.token}` } })).status).toBe(200);
    const listed = (await (await call("GET", "/admin/v1/tokens?email=new@example.fr", admin)).json()) as Array<{ id: string }>;
    expect(listed.map((token) => token.id)).toEqual([body.id]);
    expect(JSON.stringify(listed)).not.toContain(body.token);
    expect((await call("DELETE", `/admin/v1/tokens/${body.id}`, admin)).status).toBe(200);
    expect((await call("DELETE", `/admin/v1/tokens/${body.id}`, admin)).status).toBe(404);
    let status = 200;
    for (let attempt = 0; attempt < 40 && status === 200; attempt += 1) {
      status = (await fetch(`${gateway.base}/public/v1/auth`, { headers: { authorization: `Bearer ${body.token}` } })).status;
      if (status === 200) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(status).toBe(401);
  });

  it("listings token create, list and revoke work with --server and --token", async () => {
    const server = ["--server", gateway.base, "--token", admin];
    const created = await runCli(
      ["token", "create", "--email", "cli@example.fr", "--name", "cli", "--plan", "free", "--departments", "69", "--json", ...server],
      {},
    );
    expect(created.code, created.stderr).toBe(0);
    const token = JSON.parse(created.stdout) as { token: string; id: string };
    const listed = await runCli(["token", "list", "--email", "cli@example.fr", "--json", ...server], {});
    expect((JSON.parse(listed.stdout) as Array<{ id: string }>).map((row) => row.id)).toEqual([token.id]);
    const revoked = await runCli(["token", "revoke", token.id, ...server], {});
    expect(revoked.code, revoked.stderr).toBe(0);
    const refused = await runCli(["token", "list", "--server", gateway.base, "--token", reader], {});
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/admin scope/);
  });
});
