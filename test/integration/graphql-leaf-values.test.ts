import type { DocumentNode } from "graphql";
import { compileQuery, isCompiledQuery } from "graphql-jit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRequestContext } from "../../src/modules/request-context.js";
import {
  AuthDocument,
  ClassifiedByIdDocument,
  DeepNavigationDocument,
  PropertyByIdDocument,
  SearchPropertiesDocument,
} from "../../src/transports/graphql/generated/graphql.js";
import { jitCompilerOptions } from "../../src/transports/graphql/jit-executor.js";
import { servedGraphqlSchema } from "../../src/transports/graphql/schema.js";
import { createListing, type Listing } from "../factories/listings.js";
import { EVERYWHERE, viewerWith } from "../factories/viewers.js";
import { createTestDatabase, type TestDatabase } from "../support/database.js";

/**
 * The server compiles operations with `disableLeafSerialization` (jit-executor.ts): values of built-in scalars
 * and enums go out as the resolvers give them. That is only right while every resolver already returns values
 * of the field's type. This runs the schema's every-field documents both ways over stored listings (nulls,
 * removed classifieds, price changes, with and without images) and requires the very same answers: a field that
 * relied on GraphQL's output coercion (a number for a String, a bigint, an unknown enum value) fails here.
 */
describe("GraphQL leaves sent as resolved", () => {
  let database: TestDatabase;
  let listings: Listing[];

  beforeAll(async () => {
    database = await createTestDatabase();
    listings = [
      await createListing(database.db, {
        classifieds: [{}, { publisherSiren: null, latitude: null, removedAt: new Date() }],
        images: 3,
        history: [300_000, 290_000],
      }),
      await createListing(database.db, { images: 0, history: [150_000] }),
      await createListing(database.db, { classifieds: [{}, {}, {}] }),
    ];
  });
  afterAll(async () => {
    await database?.close();
  });

  const operations: [string, DocumentNode, () => Record<string, unknown>][] = [
    ["Auth", AuthDocument, () => ({})],
    ["ClassifiedById", ClassifiedByIdDocument, () => ({ id: listings[0]?.classifieds[1]?.id })],
    ["PropertyById", PropertyByIdDocument, () => ({ id: listings[0]?.property.id })],
    ["SearchProperties", SearchPropertiesDocument, () => ({ first: 2, orderBy: { field: "price", direction: "desc" } })],
    ["DeepNavigation", DeepNavigationDocument, () => ({ first: 10 })],
  ];

  it.each(operations)("%s answers the same with and without leaf serialization", async (_name, document, variables) => {
    const schema = await servedGraphqlSchema();
    const asServed = compileQuery(schema, document, undefined, jitCompilerOptions(schema, { rawLeaves: true }));
    const serialized = compileQuery(schema, document, undefined, jitCompilerOptions(schema, { rawLeaves: false }));
    if (!isCompiledQuery(asServed) || !isCompiledQuery(serialized)) throw new Error("the document does not compile");
    const run = async (query: typeof asServed) => {
      const context = createRequestContext({
        db: database.db,
        primaryDb: database.db,
        viewer: viewerWith(EVERYWHERE),
        requestId: "leaf-values",
        logger: console,
      });
      return JSON.stringify(await query.query(undefined, context, variables()));
    };
    const expected = await run(serialized);
    expect(expected).not.toContain('"errors"');
    expect(await run(asServed)).toBe(expected);
  });
});
