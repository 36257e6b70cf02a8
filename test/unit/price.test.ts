import { describe, expect, it } from "vitest";
import { pricePerSquareMeter } from "../../src/domain/price.js";

describe("pricePerSquareMeter", () => {
  it.each([
    // [price, area, expected]
    [450_000, 45, 10_000],
    [450_000, 45.5, 9_890], // 9890.1...
    [299_000, 62.35, 4_796], // 4795.51
    [9_591, 2, 4_796], // 4795.5 rounds half up
    [1_250, 31, 40], // monthly rent
    [100, 3, 33],
    [200, 3, 67],
    [0, 45, 0],
    [85_000, 0.5, 170_000],
  ])("%d / %s m² -> %d", (price, area, expected) => {
    expect(pricePerSquareMeter(price, area)).toBe(expected);
  });

  it.each([
    [450_000, null],
    [450_000, undefined],
    [450_000, 0],
    [450_000, -45],
    [450_000, Number.NaN],
    [450_000, Number.POSITIVE_INFINITY],
    [Number.NaN, 45],
    [-1, 45],
  ])("%d / %s m² -> null", (price, area) => {
    expect(pricePerSquareMeter(price, area)).toBeNull();
  });

  it("always returns an integer", () => {
    for (let area = 7; area < 400; area += 3.7) {
      expect(Number.isInteger(pricePerSquareMeter(123_457, area))).toBe(true);
    }
  });
});
