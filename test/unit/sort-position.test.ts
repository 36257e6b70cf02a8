import { describe, expect, it } from "vitest";
import { isPositionText } from "../../src/modules/search/sort-position.js";

describe("sort positions in cursors", () => {
  it("reads back what PostgreSQL writes for each kind of sort key", () => {
    expect(isPositionText("time", "1795631529687189")).toBe(true);
    expect(isPositionText("time", "-62135596800000000")).toBe(true);
    expect(isPositionText("integer", "-2147483648")).toBe(true);
    expect(isPositionText("integer", "350000")).toBe(true);
    expect(isPositionText("real", "1.0827456340193748")).toBe(true);
    expect(isPositionText("real", "6.0792710566769e-05")).toBe(true);
    expect(isPositionText("real", "0")).toBe(true);
  });

  it("refuses anything SQL would fail to read or read out of range", () => {
    for (const text of ["", " 1", "1 ", "1.5", "2026-01-01 10:00:00+00", "99999999999999999999", "1; drop table properties"]) {
      expect(isPositionText("time", text)).toBe(false);
    }
    for (const text of ["2147483648", "-2147483649", "1.5", "1e3", "NaN", ""]) expect(isPositionText("integer", text)).toBe(false);
    for (const text of ["NaN", "Infinity", "1e400", "--1", ".5", "1.", ""]) expect(isPositionText("real", text)).toBe(false);
  });
});
