import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiTokens } from "../../src/db/schema/index.js";
import { revokeToken } from "../../src/modules/auth/auth.repository.js";
import { Authenticator, createToken } from "../../src/modules/auth/auth.service.js";
import { EVERYWHERE } from "../factories/viewers.js";
import { createTestDatabase, type TestDatabase } from "../support/database.js";
import { countStatements } from "../support/statement-counter.js";

const readsTokens = (sql: string) => /^select\b.*\bapi_tokens\b/s.test(sql);

describe("authentication cache", () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  const newToken = async (name: string) =>
    createToken(database.db, { email: `${name}@example.fr`, name, plan: "free", contract: EVERYWHERE, scopes: ["read"] });

  it("a revoked token keeps working at most 3 s, then is refused", async () => {
    let now = 1_000_000;
    const authenticator = new Authenticator(database.db, () => now);
    const { secret, token } = await newToken("revoked");
    expect((await authenticator.authenticate(secret))?.tokenId).toBe(token.id);
    expect(await revokeToken(database.db, token.id)).toBe(1);
    now += 2_999;
    expect((await authenticator.authenticate(secret))?.tokenId).toBe(token.id);
    now += 1;
    expect(await authenticator.authenticate(secret)).toBeNull();
  });

  it("concurrent requests with an uncached token share one lookup", async () => {
    const authenticator = new Authenticator(database.db);
    const { secret, token } = await newToken("burst");
    const counter = countStatements(database.db);
    try {
      const viewers = await Promise.all(Array.from({ length: 10 }, () => authenticator.authenticate(secret)));
      expect(viewers.map((viewer) => viewer?.tokenId)).toEqual(Array(10).fill(token.id));
      expect(counter.statements().filter(readsTokens)).toHaveLength(1);
    } finally {
      counter.stop();
    }
  });

  it("records the token's use without holding the request", async () => {
    const { secret, token } = await newToken("touched");
    expect((await new Authenticator(database.db).authenticate(secret))?.tokenId).toBe(token.id);
    await expect.poll(async () => (await database.db.select().from(apiTokens).where(eq(apiTokens.id, token.id)))[0]?.lastUsedAt).toBeInstanceOf(Date);
  });

  it("unknown and missing secrets are refused", async () => {
    const authenticator = new Authenticator(database.db);
    expect(await authenticator.authenticate(null)).toBeNull();
    expect(await authenticator.authenticate("lgw_unknown")).toBeNull();
  });
});
