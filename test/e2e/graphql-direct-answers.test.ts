import { createHash } from "node:crypto";
import { print } from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RateLimiter } from "../../src/modules/rate-limit/rate-limiter.js";
import { directAnswerCounter } from "../../src/transports/graphql/direct-answer.js";
import { ClassifiedByIdDocument, PropertyByIdDocument, SearchPropertiesDocument } from "../../src/transports/graphql/generated/graphql.js";
import { PLACES, createListing, type Listing } from "../factories/listings.js";
import { EVERYWHERE, contractOf, createBearer } from "../factories/viewers.js";
import { createTestDatabase, type TestDatabase } from "../support/database.js";
import { startGraphqlServer, type GraphqlServer } from "../support/graphql-server.js";
import { awaitWindowRoom } from "../support/rate-limit-window.js";

/** What a client sees of one response: everything but the headers that differ on every response. */
type Seen = { status: number; contentType: string | null; rateLimitRemaining: string | null; body: string };

const directAnswers = async () => (await directAnswerCounter.get()).values[0]?.value ?? 0;

/**
 * Queries that Apollo has accepted once are answered directly afterwards (direct-answer.ts). These tests send
 * each request twice, or a variant of one already known, and check that the client cannot tell which way it
 * was answered, that everything checked per request still is, and that only the plain successful case is
 * answered directly (a counter of direct answers tells which way each request went).
 */
describe("GraphQL direct answers of known query operations", () => {
  let database: TestDatabase;
  let server: GraphqlServer;
  let token: string;
  let listing: Listing;
  let other: Listing;

  beforeAll(async () => {
    database = await createTestDatabase();
    server = await startGraphqlServer(database, { rateLimiter: new RateLimiter(() => 1_000) });
    token = await createBearer(database.db, EVERYWHERE, "enterprise500");
    listing = await createListing(database.db, { classifieds: [{}, {}] });
    other = await createListing(database.db, { place: PLACES[1], classifieds: [{}] });
  });
  afterAll(async () => {
    await server?.close();
    await database?.close();
  });

  async function send(init: {
    method?: "GET" | "POST";
    body?: unknown;
    search?: Record<string, string>;
    headers?: Record<string, string>;
    bearer?: string | null;
  }): Promise<Seen> {
    const bearer = init.bearer === undefined ? token : init.bearer;
    const url = new URL(server.url);
    for (const [name, value] of Object.entries(init.search ?? {})) url.searchParams.set(name, value);
    const response = await fetch(url, {
      method: init.method ?? "POST",
      headers: {
        ...(init.method === "GET" ? {} : { "content-type": "application/json" }),
        ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
        ...init.headers,
      },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
    return {
      status: response.status,
      contentType: response.headers.get("content-type"),
      rateLimitRemaining: response.headers.get("ratelimit-remaining"),
      body: await response.text(),
    };
  }

  /** Sends the request twice: the first is Apollo's, the second must be answered directly and look the same. */
  async function expectSameAnswerTwice(request: Parameters<typeof send>[0]): Promise<Seen> {
    const before = await directAnswers();
    const first = await send(request);
    expect(await directAnswers()).toBe(before);
    const second = await send(request);
    expect(await directAnswers()).toBe(before + 1);
    expect({ ...second, rateLimitRemaining: null }).toEqual({ ...first, rateLimitRemaining: null });
    return second;
  }

  it.each([
    ["property(id) with every field", { query: print(PropertyByIdDocument), variables: { id: "" } }],
    ["classified(id)", { query: print(ClassifiedByIdDocument), variables: { id: "" } }],
    ["a search page", { query: print(SearchPropertiesDocument), variables: { first: 2, orderBy: { field: "price", direction: "asc" } } }],
    ["auth", { query: "{ auth { email meta { subscriptionPlan dataAccessLimit { departments } } } }" }],
    ["introspection", { query: "{ __schema { queryType { name } } }" }],
    ["a named operation among several", { query: "query A { __typename } query B { auth { email } }", operationName: "B" }],
  ])("%s: the direct answer is the one Apollo gave, byte for byte", async (_label, body) => {
    const variables = "variables" in body ? { ...body.variables } : undefined;
    if (variables && "id" in variables) variables.id = body.query.includes("classified(") ? (listing.classifieds[0]?.id ?? "") : listing.property.id;
    const seen = await expectSameAnswerTwice({ body: { ...body, ...(variables ? { variables } : {}) } });
    expect(seen.status).toBe(200);
    expect(seen.contentType).toBe("application/json; charset=utf-8");
    expect(JSON.parse(seen.body)).toMatchObject({ data: expect.any(Object), extensions: { meta: { subscriptionPlan: "enterprise500" } } });
  });

  it("answers with the media type Apollo negotiates for the Accept header, and leaves other ones to Apollo", async () => {
    const body = { query: "{ auth { tokenName } }" };
    const graphqlResponse = await expectSameAnswerTwice({ body, headers: { accept: "application/graphql-response+json, application/json;q=0.9" } });
    expect(graphqlResponse.contentType).toBe("application/graphql-response+json; charset=utf-8");
    const json = await expectSameAnswerTwice({ body: { query: "{ auth { tokenName scopes } }" }, headers: { accept: "application/json" } });
    expect(json.contentType).toBe("application/json; charset=utf-8");
    const before = await directAnswers();
    const refused = await send({ body, headers: { accept: "text/html" } });
    expect(refused.status).toBe(406);
    expect(await directAnswers()).toBe(before);
  });

  it("runs a known document with new variables, within the caller's contract", async () => {
    const query = print(PropertyByIdDocument);
    await send({ body: { query, variables: { id: listing.property.id } } });
    const before = await directAnswers();
    const otherProperty = await send({ body: { query, variables: { id: other.property.id } } });
    expect(JSON.parse(otherProperty.body).data.property.id).toBe(other.property.id);
    // A caller whose contract leaves that property out gets what it gets for a property that does not exist.
    const elsewhere = await createBearer(database.db, contractOf([listing.property.department]));
    const outside = await send({ body: { query, variables: { id: other.property.id } }, bearer: elsewhere });
    const missing = await send({ body: { query, variables: { id: "00000000-0000-4000-8000-000000000000" } }, bearer: elsewhere });
    expect(JSON.parse(outside.body).data).toEqual({ property: null });
    expect(outside.body).toBe(missing.body);
    expect(await directAnswers()).toBe(before + 3);
  });

  it("leaves every refusal and error to Apollo: same answers as for an unknown document", async () => {
    const query = print(SearchPropertiesDocument);
    await send({ body: { query, variables: { first: 1 } } });
    const before = await directAnswers();

    const overPage = await send({ body: { query, variables: { first: 101 } } });
    expect(JSON.parse(overPage.body).errors[0].extensions.code).toBe("BAD_USER_INPUT");
    const badVariable = await send({ body: { query, variables: { first: "ten" } } });
    expect(JSON.parse(badVariable.body).errors[0].extensions.code).toBe("BAD_USER_INPUT");
    const unauthenticated = await send({ body: { query, variables: { first: 1 } }, bearer: "lgw_thisTokenDoesNotExistAnywhere0000000000000" });
    expect(unauthenticated.status).toBe(401);
    expect(JSON.parse(unauthenticated.body).errors[0].extensions.code).toBe("UNAUTHENTICATED");
    // An empty operation name is not the absent one: the document has no operation of that name.
    for (const operationName of ["", "Nope"]) {
      const unknownName = await send({ body: { query, variables: { first: 1 }, operationName } });
      expect(JSON.parse(unknownName.body).errors).toEqual([
        { message: `Unknown operation named "${operationName}".`, extensions: { code: "OPERATION_RESOLUTION_FAILURE" } },
      ]);
    }
    const noName = await send({ body: { query: "query A { __typename } query B { __typename }" } });
    expect(JSON.parse(noName.body).errors).toEqual([
      { message: "Must provide operation name if query contains multiple operations.", extensions: { code: "OPERATION_RESOLUTION_FAILURE" } },
    ]);

    expect(await directAnswers()).toBe(before);
  });

  it("counts each request once against the rate limit, whichever way it is answered", async () => {
    const bearer = await createBearer(database.db, EVERYWHERE, "enterprise500");
    const query = print(SearchPropertiesDocument);
    const remaining = async (variables: Record<string, unknown>) => Number((await send({ body: { query, variables }, bearer })).rateLimitRemaining);
    const first = await remaining({ first: 1 }); // Apollo
    const direct = await remaining({ first: 2 }); // direct
    const refusedAfterContext = await remaining({ first: 101 }); // context built, then left to Apollo
    expect([direct, refusedAfterContext]).toEqual([first - 1, first - 2]);
  });

  it("refuses a rate-limited caller the same way on a known document", async () => {
    await awaitWindowRoom(5);
    const limited = await startGraphqlServer(database, { rateLimiter: new RateLimiter(() => 2) });
    try {
      const request = {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        body: JSON.stringify({ query: "{ auth { email } }" }),
      };
      const statuses = [];
      for (let i = 0; i < 3; i += 1) statuses.push((await fetch(limited.url, request)).status);
      const refused = await fetch(limited.url, request);
      expect([...statuses, refused.status]).toEqual([200, 200, 429, 429]);
      expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
      expect(((await refused.json()) as { errors: { extensions: { code: string } }[] }).errors[0]?.extensions.code).toBe("RATE_LIMITED");
    } finally {
      await limited.close();
    }
  });

  it("never answers a mutation directly", async () => {
    const mutation = 'mutation { deleteWebhook(id: "00000000-0000-4000-8000-000000000000") }';
    const before = await directAnswers();
    const [first, second] = [await send({ body: { query: mutation } }), await send({ body: { query: mutation } })];
    expect(second).toEqual({ ...first, rateLimitRemaining: second.rateLimitRemaining });
    expect(await directAnswers()).toBe(before);
  });

  it("answers a known query sent by GET, and a persisted query by its hash", async () => {
    const query = "{ auth { email plan: meta { subscriptionPlan } } }";
    const posted = await send({ body: { query } });
    const before = await directAnswers();
    const got = await send({ method: "GET", search: { query } });
    expect(got.body).toBe(posted.body);
    // Extensions other than a persisted query mean nothing to the server, as to Apollo.
    const withExtensions = await send({ body: { query, extensions: { clientLibrary: { name: "tests" } } } });
    expect(withExtensions.body).toBe(posted.body);
    expect(await directAnswers()).toBe(before + 2);

    const persisted = "query Persisted { auth { tokenName } }";
    const sha256Hash = createHash("sha256").update(persisted).digest("hex");
    const extensions = JSON.stringify({ persistedQuery: { version: 1, sha256Hash } });
    const unknown = await send({ method: "GET", search: { extensions } });
    expect(JSON.parse(unknown.body).errors[0].extensions.code).toBe("PERSISTED_QUERY_NOT_FOUND");
    const registered = await send({ body: { query: persisted, extensions: JSON.parse(extensions) } });
    const byHash = await send({ method: "GET", search: { extensions } });
    expect(byHash.body).toBe(registered.body);
    expect(await directAnswers()).toBe(before + 3);
  });

  it("leaves requests shaped unusually to Apollo", async () => {
    const query = "{ auth { tokenCreatedAt } }";
    await send({ body: { query } });
    const before = await directAnswers();
    const extraField = await send({ body: { query, id: 1 } });
    const repeated = await fetch(`${server.url}?query=${encodeURIComponent(query)}&query=${encodeURIComponent(query)}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const stringVariables = await send({ body: { query, variables: "{}" } });
    expect(extraField.status).toBe(200);
    expect(repeated.status).toBe(400);
    expect(stringVariables.status).toBe(400);
    expect(await directAnswers()).toBe(before);
  });
});
