import { describe, expect, it } from "vitest";
import { JsonBytesWriter } from "../../src/transports/json-bytes.js";

const bare = Object.assign(Object.create(null) as object, { b: 1, a: "z" });
const when = new Date(Date.UTC(2026, 10, 28, 12, 30));

const values: [string, unknown][] = [
  ["scalars", { s: "texte", n: -1.5e-7, t: true, f: false, z: null, big: 1e21 }],
  ["numbers JSON has no word for", [Number.NaN, Number.POSITIVE_INFINITY, -0]],
  ["members JSON.stringify leaves out", { a: undefined, f: () => 1, s: Symbol("x"), kept: 1 }],
  ["the same in an array, written as null", [undefined, () => 1, Symbol("x"), 2]],
  ["text outside Latin-1, an emoji and a lone surrogate", { d: "Au cœur de ville, 450 000 € 🏠", lone: "\ud800x", key: { "clé’": "\u2028" } }],
  ["escapes", { q: '"quoted" \\ back\nline\ttab\u0001' }],
  ["an object without a prototype", { bare }],
  ["toJSON and boxed values", { when, boxed: [new String("s"), new Number(3), new Boolean(false)] }],
  ["empty containers", { o: {}, a: [], nested: [[], [{}]] }],
  [
    "a page of edges",
    {
      data: {
        properties: {
          totalCount: 2,
          edges: [
            { cursor: "c1", node: { id: "a", tags: ["é"] } },
            { cursor: "c2", node: null },
          ],
        },
      },
    },
  ],
  ["undefined alone", undefined],
  ["a string alone", "seul"],
];

describe("JSON written as UTF-8 bytes", () => {
  it.each(values)("%s: the bytes of JSON.stringify's text at every depth walked", (_label, value) => {
    const expected = Buffer.from(JSON.stringify(value) ?? "null", "utf8");
    for (const depth of [0, 1, 2, 3, 6]) expect(new JsonBytesWriter().value(value, depth).take().equals(expected)).toBe(true);
  });

  it("writes members without braces and says whether it wrote any", () => {
    const writer = new JsonBytesWriter().raw("{");
    expect(writer.members({ skipped: undefined }, 2)).toBe(false);
    expect(writer.members({ a: [1, "é"] }, 2)).toBe(true);
    expect(writer.raw("}").take().toString("utf8")).toBe('{"a":[1,"é"]}');
  });

  it("grows past its scratch buffer and starts empty after each answer", () => {
    const large = { rows: Array.from({ length: 9_000 }, (_, index) => ({ index, text: "Œuvre d’art ".repeat(40) })) };
    const first = new JsonBytesWriter().value(large, 2).take();
    expect(first.equals(Buffer.from(JSON.stringify(large), "utf8"))).toBe(true);
    expect(first.length).toBeGreaterThan(4 * 1024 * 1024);
    expect(new JsonBytesWriter().value({ after: true }, 1).take().toString("utf8")).toBe('{"after":true}');
  });
});
