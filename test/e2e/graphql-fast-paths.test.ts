import { createHash } from "node:crypto";
import { print } from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RateLimiter } from "../../src/modules/rate-limit/rate-limiter.js";
import {
  AuthDocument,
  ClassifiedByIdDocument,
  DeepNavigationDocument,
  PropertyByIdDocument,
  SearchPropertiesDocument,
} from "../../src/transports/graphql/generated/graphql.js";
import { PLACES, createListing, type Listing } from "../factories/listings.js";
import { EVERYWHERE, contractOf, createBearer } from "../factories/viewers.js";
import { createTestDatabase, type TestDatabase } from "../support/database.js";
import { startGraphqlServer, type GraphqlServer } from "../support/graphql-server.js";

type Request = { method?: "GET" | "POST"; body?: unknown; search?: Record<string, string>; bearer?: string };
type Seen = { status: number; contentType: string | null; body: string };

/**
 * The fast paths (transports/graphql/fast-paths.ts) are invisible to clients: a server with all of them and one
 * with none answer every request alike, byte for byte, whether it succeeds, fails in a field or is refused. Each
 * request is sent twice, so that the second may take a path that only known operations take.
 */
describe("GraphQL with and without its fast paths", () => {
  let database: TestDatabase;
  let fast: GraphqlServer;
  let plain: GraphqlServer;
  let token: string;
  let narrowToken: string;
  let listing: Listing;
  let other: Listing;

  beforeAll(async () => {
    database = await createTestDatabase();
    const generous = () => new RateLimiter(() => 10_000);
    fast = await startGraphqlServer(database, { rateLimiter: generous(), env: { FAST_PATHS: "all" } });
    plain = await startGraphqlServer(database, { rateLimiter: generous(), env: { FAST_PATHS: "none" } });
    token = await createBearer(database.db, EVERYWHERE, "enterprise500");
    listing = await createListing(database.db, { classifieds: [{}, {}, { removedAt: new Date("2025-03-01T00:00:00Z") }] });
    other = await createListing(database.db, { place: PLACES[1], classifieds: [{}] });
    narrowToken = await createBearer(database.db, contractOf([listing.property.department]));
  });
  afterAll(async () => {
    await fast?.close();
    await plain?.close();
    await database?.close();
  });

  async function send(server: GraphqlServer, request: Request): Promise<Seen> {
    const url = new URL(server.url);
    for (const [name, value] of Object.entries(request.search ?? {})) url.searchParams.set(name, value);
    const response = await fetch(url, {
      method: request.method ?? "POST",
      headers: {
        ...(request.method === "GET" ? {} : { "content-type": "application/json" }),
        authorization: `Bearer ${request.bearer ?? token}`,
      },
      ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
    });
    return { status: response.status, contentType: response.headers.get("content-type"), body: await response.text() };
  }

  async function expectAlike(request: Request): Promise<Seen> {
    const answers: Seen[] = [];
    for (const server of [fast, plain, fast, plain]) answers.push(await send(server, request));
    for (const answer of answers) expect(answer.body).toBe(answers[0]?.body);
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    return answers[0] as Seen;
  }

  it.each([
    ["property(id) with every field", () => ({ query: print(PropertyByIdDocument), variables: { id: listing.property.id } })],
    ["classified(id), removed", () => ({ query: print(ClassifiedByIdDocument), variables: { id: listing.classifieds[2]?.id } })],
    ["a search page", () => ({ query: print(SearchPropertiesDocument), variables: { first: 5, orderBy: { field: "price", direction: "desc" } } })],
    ["both ways through the relation", () => ({ query: print(DeepNavigationDocument), variables: { first: 10 } })],
    ["auth", () => ({ query: print(AuthDocument) })],
  ])("%s: the same data", async (_label, body) => {
    const seen = await expectAlike({ body: body() });
    expect(seen.status).toBe(200);
    expect(JSON.parse(seen.body)).toMatchObject({ data: expect.any(Object) });
    expect(seen.body).not.toContain('"errors"');
  });

  it("the same null for a property outside the contract as for one that does not exist", async () => {
    const query = print(PropertyByIdDocument);
    const outside = await expectAlike({ body: { query, variables: { id: other.property.id } }, bearer: narrowToken });
    const missing = await expectAlike({ body: { query, variables: { id: "00000000-0000-4000-8000-000000000000" } }, bearer: narrowToken });
    expect(JSON.parse(outside.body).data).toEqual({ property: null });
    expect(outside.body).toBe(missing.body);
  });

  it.each([
    ["invalid variables", { query: print(SearchPropertiesDocument), variables: { first: "ten" } }],
    ["a page over the limit", { query: print(SearchPropertiesDocument), variables: { first: 101 } }],
    ["an invalid id", { query: print(PropertyByIdDocument), variables: { id: "not-a-uuid" } }],
    ["an unknown operation name", { query: "query A { __typename }", operationName: "B" }],
    ["an unknown field", { query: '{ property(id: "x") { nope } }' }],
  ])("%s: the same refusal", async (_label, body) => {
    const seen = await expectAlike({ body });
    expect(JSON.parse(seen.body).errors.length).toBeGreaterThan(0);
  });

  it("a persisted query sent by GET: the same answer", async () => {
    const query = print(PropertyByIdDocument);
    const sha256Hash = createHash("sha256").update(query).digest("hex");
    const extensions = JSON.stringify({ persistedQuery: { version: 1, sha256Hash } });
    const variables = JSON.stringify({ id: listing.property.id });
    for (const server of [fast, plain]) {
      await send(server, { body: { query, variables: { id: listing.property.id }, extensions: JSON.parse(extensions) } });
    }
    const seen = await expectAlike({ method: "GET", search: { extensions, variables } });
    expect(JSON.parse(seen.body).data.property.id).toBe(listing.property.id);
  });
});
