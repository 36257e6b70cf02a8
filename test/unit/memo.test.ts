import { describe, expect, it } from "vitest";
import { memoise } from "../../src/modules/ingest/memo.js";

/** A memoised function that counts how often it really computes each input. */
function counted(maxEntries: number) {
  const computed = new Map<string, number>();
  const fn = memoise((input) => {
    computed.set(input, (computed.get(input) ?? 0) + 1);
    return input.length === 0 ? undefined : input.toUpperCase();
  }, maxEntries);
  return { fn, computed };
}

describe("memoise", () => {
  it("computes each input once while it recurs, undefined results included", () => {
    const { fn, computed } = counted(10);
    for (let round = 0; round < 3; round += 1) for (const input of ["a", "b", ""]) fn(input);
    expect(fn("a")).toBe("A");
    expect(fn("")).toBeUndefined();
    expect([...computed.values()]).toEqual([1, 1, 1]);
  });

  it("still remembers an input used just before the latest inputs filled up", () => {
    const { fn, computed } = counted(3);
    fn("recurring");
    for (const input of ["a", "b", "c"]) fn(input); // the latest are full: "recurring" is among the earlier ones
    fn("recurring");
    expect(computed.get("recurring")).toBe(1);
  });

  it("forgets what was not used again within twice its bound", () => {
    const { fn, computed } = counted(2);
    fn("old");
    for (const input of ["a", "b", "c", "d", "e"]) fn(input);
    fn("old");
    expect(computed.get("old")).toBe(2);
  });
});
