import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Authenticator } from "../../src/modules/auth/auth.service.js";
import { RateLimiter } from "../../src/modules/rate-limit/rate-limiter.js";
import { edgeOf } from "../../src/transports/edge.js";
import { createBearer } from "../factories/viewers.js";
import { createTestDatabase, type TestDatabase } from "../support/database.js";

/**
 * The edge every transport admits requests through: one authentication, one scope check, one rate-limit count.
 * The transports' own tests show each refusal in its protocol; this one holds the decisions themselves.
 */
describe("the edge", () => {
  let database: TestDatabase;
  let bearer: string;
  const silent = { debug() {}, info() {}, warn() {}, error() {} };

  beforeAll(async () => {
    database = await createTestDatabase();
    bearer = `Bearer ${await createBearer(database.db)}`;
  });
  afterAll(async () => {
    await database.close();
  });

  const edge = (limit = 100) => edgeOf({ database, authenticator: new Authenticator(database.db), rateLimiter: new RateLimiter(() => limit) });

  it("refuses a missing, malformed or unknown token as unauthenticated", async () => {
    for (const authorization of [undefined, "", "Basic abc", "Bearer lgw_not_a_known_token"]) {
      expect(await edge().admit(authorization)).toEqual({ ok: false, reason: "unauthenticated" });
    }
  });

  it("admits a known token, counts it, and gives its context the caller's contract", async () => {
    const gate = edge();
    const admission = await gate.admit(bearer);
    if (!admission.ok) throw new Error(`refused: ${admission.reason}`);
    expect(admission.rate).toMatchObject({ allowed: true, limit: 100, remaining: 99 });
    const context = gate.contextOf(admission.viewer, "req-1", silent);
    expect(context.viewer).toBe(admission.viewer);
    expect(context.contract).toEqual(admission.viewer.contract);
  });

  it("refuses a token without the scope an operation needs, and does not count what is not counted", async () => {
    expect(await edge().admit(bearer, { scope: "admin" })).toEqual({ ok: false, reason: "missing-scope", scope: "admin" });
    const uncounted = await edge(1).admit(bearer, { counted: false });
    expect(uncounted).toMatchObject({ ok: true, rate: undefined });
  });

  it("refuses past the plan's allowance, with the count that says when to come back", async () => {
    const gate = edge(2);
    expect((await gate.admit(bearer)).ok).toBe(true);
    expect((await gate.admit(bearer)).ok).toBe(true);
    const refused = await gate.admit(bearer);
    expect(refused).toMatchObject({ ok: false, reason: "rate-limited", rate: { allowed: false, remaining: 0 } });
  });
});
