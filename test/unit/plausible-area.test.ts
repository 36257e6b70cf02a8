import { describe, expect, it } from "vitest";
import { plausibleArea } from "../../src/domain/grouping/plausible-area.js";

describe("plausible area", () => {
  it("keeps the areas flats and houses have", () => {
    for (const [area, rooms] of [
      [9, 1],
      [14, 1],
      [58, 3],
      [200, 2],
      [420, 8],
      [75, null],
      [1_500, null],
    ] as const) {
      expect(plausibleArea(area, rooms)).toBe(area);
    }
  });

  it("reads a shifted decimal point as an unknown area", () => {
    expect(plausibleArea(580, 3)).toBeNull(); // 58 m² published as 580
    expect(plausibleArea(250, 1)).toBeNull();
    expect(plausibleArea(5.8, 3)).toBeNull(); // 58 m² published as 5.8
    expect(plausibleArea(6.5, null)).toBeNull();
    expect(plausibleArea(null, 3)).toBeNull();
  });
});
