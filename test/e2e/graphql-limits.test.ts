import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { revokeToken } from "../../src/modules/auth/auth.repository.js";
import { PLAN_LIMITS } from "../../src/modules/rate-limit/plans.js";
import { RateLimiter } from "../../src/modules/rate-limit/rate-limiter.js";
import { DOCUMENT_LIMITS } from "../../src/transports/graphql/limits.js";
import { PropertyByIdDocument, SearchPropertiesDocument } from "../../src/transports/graphql/generated/graphql.js";
import { createListing, type Listing } from "../factories/listings.js";
import { EVERYWHERE, createBearer } from "../factories/viewers.js";
import { createTestDatabase, type TestDatabase } from "../support/database.js";
import { postGraphql, runOperation, startGraphqlServer, type GraphqlServer } from "../support/graphql-server.js";
import { countStatements, type StatementCounter } from "../support/statement-counter.js";
import { awaitWindowRoom } from "../support/rate-limit-window.js";

const readsListings = (text: string) => /\b(properties|classifieds|classified_image_lists|classified_price_history)\b/.test(text);

/** `property(id) { classifieds { property { classifieds { ... } } } }` nested `levels` times. */
function navigation(id: string, levels: number): string {
  let selection = "id";
  for (let i = 0; i < levels; i += 1) selection = `id classifieds { id property { ${selection} } }`;
  return `{ property(id: "${id}") { ${selection} } }`;
}

describe("GraphQL safety limits, authentication and errors", () => {
  let database: TestDatabase;
  let server: GraphqlServer;
  let counter: StatementCounter;
  let token: string;
  let freeToken: string;
  let listing: Listing;

  beforeAll(async () => {
    database = await createTestDatabase();
    server = await startGraphqlServer(database);
    token = await createBearer(database.db, EVERYWHERE, "enterprise500");
    freeToken = await createBearer(database.db, EVERYWHERE, "free");
    listing = await createListing(database.db, { classifieds: [{}, {}] });
    counter = countStatements(database.db);
  });
  afterAll(async () => {
    counter?.stop();
    await server?.close();
    await database?.close();
  });

  /** Sends the operation and returns the response and the listing statements it ran. */
  async function measured(query: string, variables?: Record<string, unknown>, bearer = token) {
    await postGraphql(server.url, bearer, "{ auth { email } }"); // authentication is cached from here on
    counter.reset();
    const response = await postGraphql(server.url, bearer, query, variables);
    return { response, statements: counter.statements().filter(readsListings) };
  }

  describe("authentication", () => {
    it.each([
      ["no Authorization header", null],
      ["an unknown token", "lgw_thisTokenDoesNotExistAnywhere0000000000000"],
      ["a malformed header value", "not a token"],
    ])("%s gets 401 UNAUTHENTICATED", async (_label, bearer) => {
      const { status, headers, body } = await postGraphql(server.url, bearer, "{ auth { email } }");
      expect(status).toBe(401);
      expect(headers.get("www-authenticate")).toBe("Bearer");
      expect(body.errors?.[0]).toMatchObject({ message: "Unauthenticated.", extensions: { code: "UNAUTHENTICATED" } });
      expect(body.data).toBeUndefined();
    });

    it("a revoked token gets 401", async () => {
      const revoked = await createBearer(database.db);
      expect(await revokeToken(database.db, revoked.slice(0, 10))).toBe(1);
      const { status, body } = await postGraphql(server.url, revoked, "{ auth { email } }");
      expect(status).toBe(401);
      expect(body.errors?.[0]?.extensions?.["code"]).toBe("UNAUTHENTICATED");
    });
  });

  describe("document limits: rejected before any SQL", () => {
    it("navigation is allowed in depth, up to the depth limit", async () => {
      const { response, statements } = await measured(navigation(listing.property.id, 3));
      expect(response.body.errors).toBeUndefined();
      expect(statements.length).toBeGreaterThan(0);
      const tooDeep = await measured(navigation(listing.property.id, DOCUMENT_LIMITS.maxDepth));
      expect(tooDeep.response.body.errors?.[0]?.message).toMatch(/depth/i);
      expect(tooDeep.statements).toEqual([]);
    });

    it("too many aliases", async () => {
      const aliases = Array.from({ length: DOCUMENT_LIMITS.maxAliases + 1 }, (_, i) => `a${i}: auth { email }`).join(" ");
      const { response, statements } = await measured(`{ ${aliases} property(id: "${listing.property.id}") { id } }`);
      expect(response.body.errors?.[0]?.message).toMatch(/alias/i);
      expect(statements).toEqual([]);
    });

    it("too many tokens", async () => {
      const fields = Array.from({ length: DOCUMENT_LIMITS.maxTokens }, () => "id").join(" ");
      const { response, statements } = await measured(`{ property(id: "${listing.property.id}") { ${fields} } }`);
      expect(response.body.errors?.[0]?.message).toMatch(/tokens/i);
      expect(statements).toEqual([]);
    });

    it("a body over the size limit gets 413", async () => {
      const padding = " ".repeat(DOCUMENT_LIMITS.maxBytes);
      const { status } = await postGraphql(server.url, token, `{ auth { email } }${padding}`);
      expect(status).toBe(413);
    });

    it(`first over the page size maximum`, async () => {
      const { response, statements } = await measured("query($n: Int) { properties(first: $n) { totalCount } }", { n: 101 });
      expect(response.body.errors?.[0]).toMatchObject({ extensions: { code: "BAD_USER_INPUT" } });
      expect(response.body.errors?.[0]?.message).toMatch(/first/);
      expect(statements).toEqual([]);
    });

    it("departments that do not exist are refused, as `listings token create` refuses them", async () => {
      const { response, statements } = await measured('{ properties(filter: { departments: ["75", "20", "99"] }) { totalCount } }');
      expect(response.body.errors?.[0]).toMatchObject({ extensions: { code: "BAD_USER_INPUT" } });
      const fieldErrors = (response.body.errors?.[0]?.extensions as { fieldErrors?: Record<string, string[]> } | undefined)?.fieldErrors;
      expect(fieldErrors?.["filter.departments"]).toEqual([
        expect.stringMatching(/^"20" is not a department code/),
        expect.stringMatching(/^"99" is not a department code/),
      ]);
      expect(statements).toEqual([]);
    });

    it("cost is bounded per plan", async () => {
      const query = "query($n: Int) { properties(first: $n) { edges { node { classifieds { property { classifieds { id } } } } } } }";
      const free = await measured(query, { n: 100 }, freeToken);
      expect(free.response.body.errors?.[0]?.extensions).toMatchObject({ code: "QUERY_TOO_COMPLEX", maxCost: PLAN_LIMITS.free.maxQueryCost });
      expect(free.statements).toEqual([]);
      const enterprise = await measured(query, { n: 100 }, token);
      expect(enterprise.response.body.errors).toBeUndefined();
      const graphqlResponse = await fetch(server.url, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/graphql-response+json", authorization: `Bearer ${freeToken}` },
        body: JSON.stringify({ query, variables: { n: 100 } }),
      });
      expect(graphqlResponse.status).toBe(400);
    });
  });

  describe("rate limits", () => {
    it("answers 429 with RateLimit-* and Retry-After once the token's allowance is spent", async () => {
      await awaitWindowRoom(5);
      const limited = await startGraphqlServer(database, { rateLimiter: new RateLimiter(() => 2) });
      try {
        const first = await postGraphql(limited.url, token, "{ auth { email } }");
        expect(first.status).toBe(200);
        expect(first.headers.get("ratelimit-limit")).toBe("2");
        expect(first.headers.get("ratelimit-remaining")).toBe("1");
        expect(first.headers.get("ratelimit-policy")).toBe("2;w=60");
        await postGraphql(limited.url, token, "{ auth { email } }");
        const refused = await postGraphql(limited.url, token, "{ auth { email } }");
        expect(refused.status).toBe(429);
        expect(refused.headers.get("ratelimit-remaining")).toBe("0");
        expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
        expect(Number(refused.headers.get("ratelimit-reset"))).toBeGreaterThan(0);
        expect(refused.body.errors?.[0]?.extensions?.["code"]).toBe("RATE_LIMITED");
      } finally {
        await limited.close();
      }
    });

    it("uses the plan's allowance by default", async () => {
      const { headers } = await postGraphql(server.url, freeToken, "{ auth { email } }");
      expect(headers.get("ratelimit-limit")).toBe(String(PLAN_LIMITS.free.requestsPerWindow));
    });
  });

  describe("errors carry no stack trace or SQL", () => {
    it("a failing statement becomes a bare internal error", async () => {
      // Break one table for this database only (the last test of the file).
      await database.db.execute(sql`alter table classified_price_history rename to classified_price_history_gone`);
      const { status, body } = await runOperation(server.url, token, PropertyByIdDocument, { id: listing.property.id });
      expect(status).toBe(200);
      expect(body.data?.property).toBeNull();
      expect(body.errors?.[0]).toMatchObject({ message: "Internal server error.", extensions: { code: "INTERNAL_SERVER_ERROR" } });
      const text = JSON.stringify(body);
      expect(text).not.toMatch(/select|classified_price_history|stack|at \w+ \(/i);
      const search = await runOperation(server.url, token, SearchPropertiesDocument, { first: 1 });
      expect(JSON.stringify(search.body)).not.toMatch(/select|relation|stack/i);
    });
  });
});
