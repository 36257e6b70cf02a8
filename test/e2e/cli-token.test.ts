import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../src/db/client.js";
import { accounts, apiTokens } from "../../src/db/schema/index.js";
import { Authenticator } from "../../src/modules/auth/auth.service.js";
import { cliDatabase, type CliDatabase } from "../support/cli-database.js";
import { runCli } from "../support/run-cli.js";

/**
 * The token commands run as child processes against a real database: a PostgreSQL database of its own when
 * TEST_DATABASE_URL is set, else an embedded data directory (opened by the test only between CLI runs, since
 * one process at a time may hold it).
 */
// Each test starts CLI processes (tsx + database start-up): generous limits for a loaded machine.
describe("listings token", { timeout: 180_000 }, () => {
  let env: Record<string, string>;
  let data: CliDatabase;

  async function inspect<T>(work: (database: DatabaseHandle) => Promise<T>): Promise<T> {
    if (data.postgres) return work(data.postgres);
    const database = await openDatabase({ kind: "pglite", dataDir: data.dataDir ?? "", processLabel: "test" });
    try {
      return await work(database);
    } finally {
      await database.close();
    }
  }

  const cli = (...args: string[]) => runCli(args, env);
  const tokenCount = () => inspect(async ({ db }) => (await db.select().from(apiTokens)).length);

  beforeAll(async () => {
    data = await cliDatabase("cli-token");
    env = data.env;
    // Creates the embedded database (or checks the PostgreSQL one) once, outside the timed tests.
    const migrated = await cli("migrate");
    expect(migrated.stderr).toBe("");
    expect(migrated.code).toBe(0);
  }, 180_000);

  afterAll(async () => {
    await data.close();
  });

  let secret = "";
  let tokenId = "";

  it("creates a token, prints the secret once as JSON, and stores only its hash", async () => {
    const result = await cli(
      "token",
      "create",
      "--email",
      " Ops@Example.FR ",
      "--name",
      "ci",
      "--plan",
      "pro200",
      "--departments",
      "75,2a, 971",
      "--sirens",
      "552 100 554",
      "--scopes",
      "read,ingest",
      "--json",
    );
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    const body = JSON.parse(result.stdout) as Record<string, unknown>;
    expect(body).toEqual({
      token: expect.stringMatching(/^lgw_[A-Za-z0-9_-]{43}$/),
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: "ci",
      email: "ops@example.fr",
      plan: "pro200",
      scopes: ["read", "ingest"],
      dataAccessLimit: { allDepartments: false, departments: ["2A", "75", "971"], sirens: ["552100554"], sirets: [] },
    });
    secret = String(body["token"]);
    tokenId = String(body["id"]);

    const stored = await inspect(async ({ db }) => ({ tokens: await db.select().from(apiTokens), accounts: await db.select().from(accounts) }));
    expect(stored.tokens).toHaveLength(1);
    expect(stored.tokens[0]?.tokenHash).toBe(createHash("sha256").update(secret).digest("hex"));
    expect(stored.tokens[0]?.tokenPrefix).toBe(secret.slice(0, 10));
    expect(JSON.stringify(stored)).not.toContain(secret);
    expect(JSON.stringify(stored)).not.toContain(secret.slice(10));
    expect(stored.accounts[0]).toMatchObject({
      email: "ops@example.fr",
      plan: "pro200",
      allDepartments: false,
      departments: ["2A", "75", "971"],
      sirens: ["552100554"],
    });
  });

  it("authenticates the created secret", async () => {
    const viewer = await inspect(({ db }) => new Authenticator(db).authenticate(secret));
    expect(viewer).toMatchObject({ email: "ops@example.fr", tokenName: "ci", scopes: ["read", "ingest"], plan: "pro200" });
  });

  it("prints a readable summary with the secret by default; scopes default to read", async () => {
    const result = await cli("token", "create", "--email", "web@example.fr", "--name", "web app", "--plan", "free", "--all-departments");
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Created token "web app" for web@example.fr (plan free).');
    expect(result.stdout).toContain("scopes:   read\n");
    expect(result.stdout).toContain("contract: all departments; any publisher");
    expect(result.stdout).toMatch(/shown once/);
    expect(result.stdout.match(/lgw_[A-Za-z0-9_-]{43}/g)).toHaveLength(1);
  });

  it.each([
    [["--email", "a@b.fr", "--name", "n", "--plan", "free"], /the contract must be explicit: give --departments .* or --all-departments/],
    [
      ["--email", "a@b.fr", "--name", "n", "--plan", "free", "--departments", "75", "--all-departments"],
      /'--departments <list>' cannot be used with option '--all-departments'/,
    ],
    [
      ["--email", "a@b.fr", "--name", "n", "--plan", "free", "--departments", "75,20,999", "--sirets", "123"],
      /invalid contract:\n {2}- "20" is not a valid department\n {2}- "999" is not a valid department\n {2}- "123" is not a valid SIRET/,
    ],
    [["--email", "a@b.fr", "--name", "n", "--plan", "free", "--departments", " , "], /lists no department/],
    [
      ["--email", "a@b.fr", "--name", "n", "--plan", "gold", "--all-departments"],
      /argument 'gold' is invalid\. Allowed choices are free, starter30, growth100, pro200, enterprise500/,
    ],
    [["--email", "not-an-address", "--name", "n", "--plan", "free", "--all-departments"], /--email: "not-an-address" is not a valid e-mail address/],
    [
      ["--email", "a@b.fr", "--name", "n", "--plan", "free", "--all-departments", "--scopes", "read,superuser"],
      /unknown scope superuser; allowed: read, ingest, webhooks, admin/,
    ],
    [["--email", "a@b.fr", "--name", "  ", "--plan", "free", "--all-departments"], /--name must be 1 to 200 characters/],
    [["--email", "a@b.fr", "--plan", "free", "--all-departments"], /required option '--name <name>' not specified/],
    [["--email", "a@b.fr", "--name", "n", "--plan", "free", "--all-departments", "--colour", "red"], /unknown option '--colour'/],
  ])("refuses bad arguments with a message and exit 1: %j", async (args, message) => {
    const result = await cli("token", "create", ...args);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(message);
    expect(result.stderr).not.toMatch(/\n\s+at /); // no stack trace
    expect(result.stdout).toBe("");
  });

  it("wrote nothing for the refused commands: only the two tokens created above exist", async () => {
    expect(await tokenCount()).toBe(2);
  });

  it("lists tokens without secrets or hashes", async () => {
    const table = await cli("token", "list");
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(/^ID\s+PREFIX\s+NAME\s+EMAIL\s+PLAN\s+SCOPES\s+CONTRACT\s+CREATED\s+LAST USED\s+REVOKED$/m);
    expect(table.stdout).toContain(secret.slice(0, 10));
    expect(table.stdout).toContain("departments 2A, 75, 971; SIRENs 552100554");
    expect(table.stdout).not.toContain(secret);
    const hash = createHash("sha256").update(secret).digest("hex");
    expect(table.stdout).not.toContain(hash);

    const json = await cli("token", "list", "--email", "OPS@example.fr", "--json");
    expect(json.code).toBe(0);
    expect(json.stdout).not.toContain(hash);
    const rows = JSON.parse(json.stdout) as Array<Record<string, unknown>>;
    expect(rows).toEqual([
      expect.objectContaining({ id: tokenId, prefix: secret.slice(0, 10), name: "ci", email: "ops@example.fr", scopes: ["read", "ingest"], revokedAt: null }),
    ]);
    expect(Object.keys(rows[0] ?? {})).not.toContain("token");
  });

  it("revokes by prefix; the secret stops authenticating; revoking again fails", async () => {
    const revoked = await cli("token", "revoke", secret.slice(0, 10));
    expect(revoked.code).toBe(0);
    expect(revoked.stdout).toMatch(/^Revoked 1 token\./);
    expect(await inspect(({ db }) => new Authenticator(db).authenticate(secret))).toBeNull();
    const listed = JSON.parse((await cli("token", "list", "--email", "ops@example.fr", "--json")).stdout) as Array<{ revokedAt: string | null }>;
    expect(listed[0]?.revokedAt).toMatch(/^\d{4}-\d\d-\d\dT/);

    const again = await cli("token", "revoke", tokenId);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(`no active token has the id or prefix "${tokenId}"`);
  });

  it("reports every invalid environment variable and exits 1", async () => {
    const result = await runCli(["token", "list"], { ...env, PORT: "abc", LOG_LEVEL: "loud" });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^Invalid environment:/);
    expect(result.stderr).toMatch(/- PORT: /);
    expect(result.stderr).toMatch(/- LOG_LEVEL: /);
  });
});
