import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DeepNavigationDocument, PropertyByIdDocument, SearchPropertiesDocument } from "../../src/transports/graphql/generated/graphql.js";
import { insertGeneratedListings } from "../factories/generated-listings.js";
import { createListing } from "../factories/listings.js";
import { EVERYWHERE, contractOf, createBearer } from "../factories/viewers.js";
import { createTestDatabase, type TestDatabase } from "../support/database.js";
import { postGraphql, runOperation, startGraphqlServer, type GraphqlServer } from "../support/graphql-server.js";
import { countStatements, type StatementCounter } from "../support/statement-counter.js";
import { PUBLISHERS } from "../factories/generated-listings.js";

/** Statements that read listings (authentication reads only accounts and tokens, and is cached). */
const readsListings = (sql: string) => /\b(properties|classifieds|classified_image_lists|classified_price_history)\b/.test(sql);

describe("statement count: grows with the depth of a query, never with the number of objects", () => {
  let database: TestDatabase;
  let server: GraphqlServer;
  let counter: StatementCounter;
  let everywhere: string;
  let narrow: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    await insertGeneratedListings(database.db, { properties: 200, seed: 7, maxClassifiedsPerProperty: 4 });
    server = await startGraphqlServer(database);
    everywhere = await createBearer(database.db, EVERYWHERE);
    narrow = await createBearer(database.db, contractOf(["75", "69", "13"], { sirens: [PUBLISHERS[0]!.siren, PUBLISHERS[1]!.siren] }));
    counter = countStatements(database.db);
  });
  afterAll(async () => {
    counter?.stop();
    await server?.close();
    await database?.close();
  });

  async function statementsFor(token: string, first: number): Promise<{ statements: string[]; nodes: number; classifieds: number }> {
    counter.reset();
    const { body } = await runOperation(server.url, token, DeepNavigationDocument, { first });
    expect(body.errors).toBeUndefined();
    const edges = body.data?.properties.edges ?? [];
    return {
      statements: counter.statements().filter(readsListings),
      nodes: edges.length,
      classifieds: edges.reduce((n, e) => n + e.node.classifieds.length, 0),
    };
  }

  it.each([
    ["all departments", () => everywhere],
    ["departments and SIRENs", () => narrow],
  ])("properties(first: 50) → classifieds → property → classifieds, %s", async (_label, token) => {
    const small = await statementsFor(token(), 2);
    const large = await statementsFor(token(), 50);
    expect(large.nodes).toBe(50);
    expect(large.classifieds).toBeGreaterThan(50);
    // The search page with its count (its rows prime the properties by id), then classifieds by property;
    // navigation back hits the loaders' caches.
    expect(large.statements.length).toBe(2);
    expect(large.statements.length).toBe(small.statements.length);
  });

  it("a search page with every field: its classifieds, their images and prices are read together, whatever its size", async () => {
    const statementsFor = async (first: number) => {
      counter.reset();
      const { body } = await runOperation(server.url, narrow, SearchPropertiesDocument, { first });
      expect(body.data?.properties.edges).toHaveLength(first);
      return counter.statements().filter(readsListings);
    };
    const page = await statementsFor(50);
    // The page, then one statement for its classifieds, found by property, with their images and prices.
    expect(page).toHaveLength(2);
    const [, details = ""] = page;
    expect(details).toContain('"classifieds"."property_id" = any(');
    expect(details).toMatch(/from "(public"\.")?classified_price_history"/);
    expect(details).toMatch(/from "(public"\.")?classified_image_lists"/);
    expect(await statementsFor(2)).toEqual(page);
  });

  it("a property with every field and its classifieds' images and history: a fixed number of statements", async () => {
    const one = await createListing(database.db, { classifieds: [{}] });
    const many = await createListing(database.db, { classifieds: [{}, {}, {}, {}, {}, {}], images: 5 });
    const countFor = async (id: string) => {
      counter.reset();
      const { body } = await runOperation(server.url, everywhere, PropertyByIdDocument, { id });
      expect(body.data?.property?.id).toBe(id);
      return counter.statements().filter(readsListings).length;
    };
    const few = await countFor(one.property.id);
    // property, its classifieds, their images, their history (the property's images come from the same loader)
    expect(few).toBeGreaterThanOrEqual(4);
    expect(few).toBeLessThanOrEqual(5);
    expect(await countFor(many.property.id)).toBe(few);
  });

  it("property(id) reads the property's classifieds only when the query shows them, its description or its images", async () => {
    const { property } = await createListing(database.db, { classifieds: [{}, {}] });
    const statementsOf = async (selection: string) => {
      counter.reset();
      const { body } = await postGraphql(server.url, everywhere, `{ property(id: "${property.id}") { ${selection} } }`);
      expect(body.errors).toBeUndefined();
      return counter
        .statements()
        .filter(readsListings)
        .map((sql) => (/from "?(\w+)"?/.exec(sql) ?? [])[1]);
    };
    expect(await statementsOf("id status { current }")).toEqual(["properties"]);
    expect(await statementsOf("description")).toEqual(["properties", "classifieds"]);
    expect(await statementsOf("...on Property { classifieds { id } }")).toEqual(["properties", "classifieds"]);
    expect(await statementsOf("media { images { url } }")).toEqual(["properties", "classifieds", "classified_image_lists"]);
  });
});
