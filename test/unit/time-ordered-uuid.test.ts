import { describe, expect, it } from "vitest";
import { timeOrderedUuid } from "../../src/modules/ingest/time-ordered-uuid.js";

describe("timeOrderedUuid", () => {
  it("is a version 7, RFC 9562 variant UUID carrying the time in its first 48 bits", () => {
    const at = Date.parse("2026-11-20T08:00:00Z");
    const id = timeOrderedUuid(at);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(Number.parseInt(id.replace(/-/g, "").slice(0, 12), 16)).toBe(at);
  });

  it("sorts by creation time and never repeats", () => {
    const earlier = timeOrderedUuid(1_000_000);
    const later = timeOrderedUuid(1_000_001);
    expect(earlier < later).toBe(true);
    const ids = Array.from({ length: 10_000 }, () => timeOrderedUuid(1_000_000));
    expect(new Set(ids).size).toBe(ids.length);
  });
});
