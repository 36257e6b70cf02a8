import { describe, expect, it } from "vitest";
import { AppError } from "../../src/errors.js";
import { encodeCursor, pageAfter } from "../../src/modules/properties/cursor.js";
import type { PropertySearchSort } from "../../src/modules/search/search.types.js";

const BY_PRICE: PropertySearchSort = { by: "price", order: "asc" };
const ID = "0b6a2d4e-8f1c-4a3b-9c2d-1e0f9a8b7c6d";

describe("property connection cursors", () => {
  it("start the next page right after the item, numbered after it", () => {
    expect(pageAfter(encodeCursor(41, BY_PRICE, { key: "350000", id: ID }), BY_PRICE)).toEqual({ offset: 42, after: { key: "350000", id: ID } });
    expect(pageAfter(encodeCursor(0, BY_PRICE, { key: null, id: ID }), BY_PRICE)).toEqual({ offset: 1, after: { key: null, id: ID } });
    expect(pageAfter(null, BY_PRICE)).toEqual({ offset: 0 });
  });

  it("still read the earlier form, the position alone", () => {
    expect(pageAfter(Buffer.from("position:19").toString("base64url"), BY_PRICE)).toEqual({ offset: 20 });
  });

  it("refuse a cursor of another order, and anything this API did not write", () => {
    const cursor = encodeCursor(3, BY_PRICE, { key: "350000", id: ID });
    expect(() => pageAfter(cursor, { by: "price", order: "desc" })).toThrow("another order");
    const forged = (parts: unknown[]) => Buffer.from(`after:${JSON.stringify(parts)}`).toString("base64url");
    for (const bad of [
      "not-a-cursor",
      Buffer.from("position:-1").toString("base64url"),
      Buffer.from("position:1.5").toString("base64url"),
      forged([3, "price", "asc", "350000"]),
      forged([-1, "price", "asc", "350000", ID]),
      forged([3, "price", "asc", 350000, ID]),
      forged([3, "price", "asc", "350000", "not-an-id"]),
      Buffer.from("after:{").toString("base64url"),
    ]) {
      expect(() => pageAfter(bad, BY_PRICE)).toThrow(AppError);
    }
  });
});
