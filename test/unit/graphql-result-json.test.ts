import type { FormattedExecutionResult } from "graphql";
import { describe, expect, it } from "vitest";
import { responseMeta } from "../../src/modules/response-meta.js";
import { graphqlResultBytes, graphqlResultJson } from "../../src/transports/graphql/result-json.js";
import { EVERYWHERE, contractOf, viewerWith } from "../factories/viewers.js";

const everywhere = responseMeta(viewerWith(EVERYWHERE));
const narrow = responseMeta(viewerWith(contractOf(["75", "2A"], { sirens: ["552100554"] }), "starter30"));
const error = { message: 'Cannot query field "nope" on type "Query".', locations: [{ line: 1, column: 3 }], extensions: { code: "GRAPHQL_VALIDATION_FAILED" } };

describe("GraphQL response text", () => {
  it.each<[string, FormattedExecutionResult]>([
    ["data and the meta envelope", { data: { property: { id: "a", price: 1.5, tags: ["é", '"quoted"'] } }, extensions: { meta: everywhere } }],
    ["text outside Latin-1 (two-byte in memory)", { data: { description: "Au cœur de ville, 450 000 € 🏠" }, extensions: { meta: narrow } }],
    ["null data and a narrow contract's envelope", { data: { property: null }, extensions: { meta: narrow } }],
    ["errors without data", { errors: [error], extensions: { meta: narrow } }],
    ["errors and partial data", { errors: [error], data: { a: null, b: 2 }, extensions: { meta: everywhere } }],
    ["data left undefined", { data: undefined, extensions: { meta: everywhere } }],
    ["only the envelope", { extensions: { meta: everywhere } }],
    ["another extension beside meta", { data: { a: 1 }, extensions: { cost: 3, meta: everywhere } }],
    ["extensions not last", { extensions: { meta: everywhere }, data: { a: 1 } }],
    ["no extensions", { data: { a: 1 } }],
    ["a meta that is not an object", { data: { a: 1 }, extensions: { meta: "plan" } }],
  ])("%s: exactly JSON.stringify's text, and its UTF-8 bytes", (_label, result) => {
    const text = graphqlResultJson(result);
    expect(text).toBe(JSON.stringify(result));
    // Twice: the second one reads the envelope's cached text.
    expect(graphqlResultJson(result)).toBe(text);
    expect(graphqlResultBytes(result).equals(Buffer.from(text, "utf8"))).toBe(true);
  });
});
