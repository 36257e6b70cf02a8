import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "../../src/config/env.js";
import { Authenticator } from "../../src/modules/auth/auth.service.js";
import { buildApp } from "../../src/transports/http.js";
import { createBearer } from "../factories/viewers.js";
import { createTestDatabase, type TestDatabase } from "../support/database.js";

describe("GraphiQL page and /graphql in the full HTTP app", () => {
  let database: TestDatabase;
  let app: ReturnType<typeof buildApp>;
  beforeAll(async () => {
    database = await createTestDatabase();
    app = buildApp({ database, authenticator: new Authenticator(database.db), env: parseEnv({}), logger: pino({ level: "silent" }) });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it("serves a self-contained GraphiQL page to browsers, with a place for the token", async () => {
    const response = await app.inject({ method: "GET", url: "/graphql", headers: { accept: "text/html,application/xhtml+xml" } });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/html/);
    const html = response.body;
    expect(html).toContain("GraphiQL");
    expect(html).toContain("Bearer <paste your token here>");
    // Nothing is fetched from elsewhere: no external script, stylesheet or font.
    expect(html).not.toMatch(/<script[^>]+src=["']https?:/i);
    expect(html).not.toMatch(/<link[^>]+href=["']https?:/i);
    expect(html).not.toMatch(/unpkg\.com|jsdelivr|cdnjs/i);
  });

  it("answers the schema's introspection without a token (GraphiQL loads it before a token is pasted), and nothing else", async () => {
    const { getIntrospectionQuery } = await import("graphql");
    const introspection = await app.inject({
      method: "POST",
      url: "/graphql",
      headers: { "content-type": "application/json", accept: "application/json" },
      payload: { query: getIntrospectionQuery(), operationName: "IntrospectionQuery" },
    });
    expect(introspection.statusCode).toBe(200);
    const types = (introspection.json() as { data: { __schema: { types: Array<{ name: string }> } } }).data.__schema.types.map((type) => type.name);
    expect(types).toEqual(expect.arrayContaining(["Property", "Classified"]));
    for (const query of ["{ __schema { queryType { name } } auth { email } }", "{ auth { email } }", "{ properties(first: 1) { totalCount } }"]) {
      const refused = await app.inject({ method: "POST", url: "/graphql", headers: { "content-type": "application/json" }, payload: { query } });
      expect(refused.statusCode, query).toBe(401);
    }
  });

  it("answers GraphQL over GET and POST with a token, 401 without", async () => {
    const token = await createBearer(database.db);
    const get = await app.inject({
      method: "GET",
      url: `/graphql?query=${encodeURIComponent("{ auth { tokenName } }")}`,
      headers: { accept: "application/graphql-response+json", authorization: `Bearer ${token}` },
    });
    expect(get.statusCode).toBe(200);
    expect(get.json()).toMatchObject({ data: { auth: { tokenName: "tests" } }, extensions: { meta: { subscriptionPlan: "enterprise500" } } });
    const anonymous = await app.inject({ method: "POST", url: "/graphql", payload: { query: "{ auth { tokenName } }" } });
    expect(anonymous.statusCode).toBe(401);
  });
});
