import { describe, expect, it } from "vitest";
import { timeOrderedUuid } from "../../src/modules/ingest/time-ordered-uuid.js";

const timeOf = (id: string) => Number.parseInt(id.replace(/-/g, "").slice(0, 12), 16);

describe("timeOrderedUuid", () => {
  it("is a version 7, RFC 9562 variant UUID carrying the time in its first 48 bits", () => {
    const at = Date.parse("2026-11-20T08:00:00Z");
    const id = timeOrderedUuid(at);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(timeOf(id)).toBe(at);
  });

  it("sorts by creation time and never repeats", () => {
    const start = Date.parse("2026-11-21T08:00:00Z");
    const earlier = timeOrderedUuid(start);
    const later = timeOrderedUuid(start + 1);
    expect(earlier < later).toBe(true);
    const ids = Array.from({ length: 10_000 }, () => timeOrderedUuid(start + 2));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("sorts ids made in the same millisecond in the order they were made, beyond 4096 of them too", () => {
    const at = Date.parse("2026-11-22T08:00:00Z");
    const ids = Array.from({ length: 10_000 }, () => timeOrderedUuid(at));
    expect([...ids].sort()).toEqual(ids);
    expect(timeOf(ids[0] ?? "")).toBe(at);
    // More than a millisecond's counter can number: the time moves on rather than the order breaking.
    expect(timeOf(ids.at(-1) ?? "")).toBeGreaterThan(at);
    expect(timeOrderedUuid(at) > (ids.at(-1) ?? "")).toBe(true);
  });

  it("keeps the random part random", () => {
    const at = Date.parse("2026-11-23T08:00:00Z");
    const tails = new Set(Array.from({ length: 1_000 }, () => timeOrderedUuid(at).slice(19)));
    expect(tails.size).toBe(1_000);
  });
});
