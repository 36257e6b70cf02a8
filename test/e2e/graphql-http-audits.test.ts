import { serverAudits } from "graphql-http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBearer } from "../factories/viewers.js";
import { createTestDatabase, type TestDatabase } from "../support/database.js";
import { startGraphqlServer, type GraphqlServer } from "../support/graphql-server.js";

describe("GraphQL over HTTP: graphql-http audit suite against the live server", () => {
  let database: TestDatabase;
  let server: GraphqlServer;
  let token: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    server = await startGraphqlServer(database);
    token = await createBearer(database.db);
  });
  afterAll(async () => {
    await server?.close();
    await database?.close();
  });

  it("passes every audit, with no warning", async () => {
    // Every operation needs a token: the audits' requests carry one, as any client's would.
    const fetchFn = (input: RequestInfo | URL, init?: RequestInit) => {
      const headers = new Headers(init?.headers);
      headers.set("authorization", `Bearer ${token}`);
      return fetch(input, { ...init, headers });
    };
    const results = await Promise.all(serverAudits({ url: server.url, fetchFn }).map(async (audit) => ({ name: audit.name, result: await audit.fn() })));
    const problems = results
      .filter(({ result }) => result.status !== "ok")
      .map(({ name, result }) => `${result.status}: ${name}${"reason" in result ? ` (${result.reason})` : ""}`);
    expect(problems).toEqual([]);
    expect(results.length).toBeGreaterThan(20);
  });

  describe("client mistakes are client errors", () => {
    const post = async (body: unknown) => {
      const response = await fetch(server.url, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/graphql-response+json", authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as { errors?: Array<{ message: string; extensions?: { code?: string } }> } };
    };

    it.each([
      [
        "a persisted query whose hash does not match its text",
        { query: "{ auth { email } }", extensions: { persistedQuery: { version: 1, sha256Hash: "0".repeat(64) } } },
      ],
      ["a persisted query of an unknown version", { query: "{ auth { email } }", extensions: { persistedQuery: { version: 2, sha256Hash: "0".repeat(64) } } }],
      ["a subscription sent over HTTP", { query: "subscription { listingEvents { cursor } }" }],
    ])("%s: 4xx with a message and a client error code, never an internal error", async (_, body) => {
      const { status, body: answer } = await post(body);
      expect(status).toBeGreaterThanOrEqual(400);
      expect(status).toBeLessThan(500);
      expect(answer.errors?.[0]?.extensions?.code).not.toBe("INTERNAL_SERVER_ERROR");
      expect(answer.errors?.[0]?.message).not.toMatch(/Internal server error/);
      expect(JSON.stringify(answer)).not.toMatch(/ {4}at /);
    });
  });
});
