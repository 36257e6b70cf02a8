import { describe, expect, it } from "vitest";
import { imagesDigestOf, stableJson } from "../../src/modules/ingest/content-hash.js";
import { prepareLine } from "../../src/modules/ingest/prepare-line.js";
import { observation, revise } from "../factories/observations.js";

const NOW = new Date("2026-12-01T00:00:00Z");

function hashOf(line: Record<string, unknown>): string {
  const result = prepareLine(JSON.stringify(line), NOW);
  if (!result.ok || result.line.kind !== "observation") throw new Error("expected an observation");
  return result.line.contentHash;
}

describe("content digest", () => {
  it("does not depend on key order, and does depend on every value", () => {
    const at = new Date("2026-01-01T00:00:00Z");
    expect(stableJson({ a: 1, b: "x", c: at, d: [{ y: 2, x: 1 }] })).toBe(stableJson({ d: [{ x: 1, y: 2 }], c: at, b: "x", a: 1 }));
    expect(stableJson({ a: 1, b: "x" })).not.toBe(stableJson({ a: 1, b: "y" }));
    expect(stableJson({ a: 1, b: null })).not.toBe(stableJson({ a: 1, c: null }));
  });

  it("is the same for the same listing written in another key order or spelling, different when a field changes", () => {
    const base = observation();
    const reordered = Object.fromEntries(Object.entries(base).reverse());
    expect(hashOf(reordered)).toBe(hashOf(base));
    expect(hashOf(revise(base, { transaction: { price: "650 000 €" } }))).toBe(hashOf(base));
    expect(hashOf(revise(base, { property: { roomCount: 3 } }))).not.toBe(hashOf(base));
  });

  it("keeps a separate image part that changes only with the images", () => {
    const base = observation();
    const retitled = hashOf(revise(base, { title: "Autre titre" }));
    expect(retitled).not.toBe(hashOf(base));
    expect(imagesDigestOf(retitled)).toBe(imagesDigestOf(hashOf(base)));
    expect(imagesDigestOf(hashOf(revise(base, { media: { images: [] } })))).not.toBe(imagesDigestOf(hashOf(base)));
  });
});
