import { describe, expect, it } from "vitest";
import { observationSchema, removalSchema } from "../../src/modules/ingest/observation.schema.js";
import { generateObservations } from "../../src/modules/seed/generator.js";
import { seededRandom } from "../factories/generated-listings.js";
import { observation } from "../factories/observations.js";

/**
 * A line that the schema's plain tests accept is taken as it is, without zod (observation-fields.ts): that is
 * right only if zod would accept it too and return the same value. Checked here on generated lines and on many
 * variants of them with one value replaced by something a collector might send, valid or not.
 */

/** Values a field may be replaced by: JSON's types, loose forms that coerce, and values out of every range. */
const REPLACEMENTS: readonly unknown[] = [
  null,
  "",
  "   ",
  " padded ",
  "abc",
  "12",
  "1 200,5",
  "0",
  -5,
  0,
  0.5,
  42,
  3e9,
  1e300,
  true,
  false,
  "oui",
  [],
  [{}],
  {},
  { unknown: 1 },
  "2026-13-45",
  "2026-02-30",
  "2026-01-01",
  "2026-01-01T10:00:00Z",
  "2150-01-01T00:00:00Z",
  "SALE",
  "under_offer",
  "euro",
  "x".repeat(5_000),
];

/** Paths to every value inside `value`, objects and arrays included. */
function pathsOf(value: unknown, path: readonly (string | number)[] = []): (string | number)[][] {
  const own = [[...path]];
  if (Array.isArray(value)) return [...own, ...value.flatMap((item, index) => pathsOf(item, [...path, index]))];
  if (typeof value === "object" && value !== null) return [...own, ...Object.entries(value).flatMap(([key, item]) => pathsOf(item, [...path, key]))];
  return own;
}

/** A deep copy of `line` with the value at `path` replaced (or, for an object, a key added). */
function variant(line: unknown, path: readonly (string | number)[], replacement: unknown, addKey: string | undefined): unknown {
  const copy = structuredClone(line) as Record<string | number, unknown>;
  if (path.length === 0) return addKey === undefined ? replacement : { ...copy, [addKey]: replacement };
  let parent = copy;
  for (const part of path.slice(0, -1)) parent = parent[part] as Record<string | number, unknown>;
  const last = path[path.length - 1] as string | number;
  const target = parent[last];
  if (addKey !== undefined && typeof target === "object" && target !== null && !Array.isArray(target)) {
    (target as Record<string, unknown>)[addKey] = replacement;
  } else {
    parent[last] = replacement;
  }
  return copy;
}

function expectSameAsZod(json: unknown) {
  for (const schema of [observationSchema, removalSchema]) {
    const plain = schema.safeParse(json);
    const zod = schema.schema.safeParse(json);
    expect({ line: json, accepted: plain.success }).toEqual({ line: json, accepted: zod.success });
    if (plain.success && zod.success) expect(plain.data).toStrictEqual(zod.data);
  }
}

describe("observation schema: the plain tests agree with zod", () => {
  const lines = [...generateObservations({ classifieds: 300, seed: 7 })].map((line) => JSON.parse(JSON.stringify(line)) as unknown);

  it("on generated lines, observations and removals", () => {
    expect(lines.length).toBeGreaterThan(300);
    for (const line of lines) expectSameAsZod(line);
  });

  it("on lines with one value replaced or one key added, valid or not", () => {
    const random = seededRandom(20_261_127); // The same variants on every run: a failure names one line.
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
    let accepted = 0;
    let refused = 0;
    for (const line of [...lines, observation({}), JSON.parse('{"__proto__": {"x": 1}, "status": "removed"}') as unknown]) {
      const paths = pathsOf(line);
      for (let round = 0; round < 12; round += 1) {
        const addKey = random() < 0.1 ? pick(["extra", "toString", "__proto__", "url"]) : undefined;
        const changed = variant(line, pick(paths), pick(REPLACEMENTS), addKey);
        expectSameAsZod(changed);
        if (observationSchema.schema.safeParse(changed).success) accepted += 1;
        else refused += 1;
      }
    }
    // Both outcomes are exercised many times.
    expect(accepted).toBeGreaterThan(500);
    expect(refused).toBeGreaterThan(500);
  });
});
