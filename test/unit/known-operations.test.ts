import { parse } from "graphql";
import { describe, expect, it } from "vitest";
import { KnownOperations } from "../../src/transports/graphql/known-operations.js";

const operation = (text: string) => ({ document: parse(text), operationName: null });

describe("KnownOperations", () => {
  it("finds an operation by the text and operation name it was remembered with, and by nothing else", () => {
    const known = new KnownOperations();
    const byText = operation("{ a }");
    known.remember({ query: "{ a }", operationName: null }, byText);
    expect(known.find({ query: "{ a }", operationName: null })).toBe(byText);
    expect(known.find({ query: "{ a } ", operationName: null })).toBeUndefined();
    // Apollo refuses an empty operation name where no name works: the two are different requests.
    expect(known.find({ query: "{ a }", operationName: "" })).toBeUndefined();
    expect(known.find({ query: "{ a }", operationName: "A" })).toBeUndefined();
    // A hash equal to a remembered text names nothing.
    expect(known.find({ sha256Hash: "{ a }", operationName: null })).toBeUndefined();
  });

  it("keeps persisted-query hashes apart from texts, per operation name", () => {
    const known = new KnownOperations();
    const first = operation("query A { a } query B { b }");
    const second = operation("query A { a } query B { b }");
    known.remember({ sha256Hash: "abc", operationName: "A" }, first);
    known.remember({ sha256Hash: "abc", operationName: "B" }, second);
    expect(known.find({ sha256Hash: "abc", operationName: "A" })).toBe(first);
    expect(known.find({ sha256Hash: "abc", operationName: "B" })).toBe(second);
    expect(known.find({ query: "abc", operationName: "A" })).toBeUndefined();
  });

  it("forgets the oldest operations first when the texts outgrow its budget", () => {
    // Each key is the text and two characters (kind, line break; no name): 12 characters here, two fit in 30.
    const known = new KnownOperations(30);
    const texts = ["{ aaaaaa }", "{ bbbbbb }", "{ cccccc }"];
    for (const text of texts) known.remember({ query: text, operationName: null }, operation("{ a }"));
    expect(known.find({ query: texts[0] ?? "", operationName: null })).toBeUndefined();
    expect(known.find({ query: texts[1] ?? "", operationName: null })).toBeDefined();
    expect(known.find({ query: texts[2] ?? "", operationName: null })).toBeDefined();
  });

  it("does not keep a text larger than its whole budget, and keeps what it had", () => {
    const known = new KnownOperations(20);
    known.remember({ query: "{ a }", operationName: null }, operation("{ a }"));
    known.remember({ query: "x".repeat(40), operationName: null }, operation("{ a }"));
    expect(known.find({ query: "x".repeat(40), operationName: null })).toBeUndefined();
    expect(known.find({ query: "{ a }", operationName: null })).toBeDefined();
  });
});
