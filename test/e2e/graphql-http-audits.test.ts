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
    const results = await Promise.all(
      serverAudits({ url: server.url, fetchFn }).map(async (audit) => ({ name: audit.name, result: await audit.fn() })),
    );
    const problems = results
      .filter(({ result }) => result.status !== "ok")
      .map(({ name, result }) => `${result.status}: ${name}${"reason" in result ? ` (${result.reason})` : ""}`);
    expect(problems).toEqual([]);
    expect(results.length).toBeGreaterThan(20);
  });
});
