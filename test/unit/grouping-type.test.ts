import { describe, expect, it } from "vitest";
import { groupingTypeOf } from "../../src/domain/grouping/grouping-type.js";

describe("the property type grouping blocks on", () => {
  it("takes a house on an upper floor for a flat", () => {
    expect(groupingTypeOf("house", 3)).toBe("apartment");
    expect(groupingTypeOf("house", 1)).toBe("apartment");
  });

  it("keeps the portal's type otherwise", () => {
    expect(groupingTypeOf("house", 0)).toBe("house");
    expect(groupingTypeOf("house", null)).toBe("house");
    expect(groupingTypeOf("apartment", 4)).toBe("apartment");
    expect(groupingTypeOf("parking", 2)).toBe("parking");
  });
});
