import { describe, expect, it } from "vitest";
import { readRotation } from "../../src/db/read-rotation.js";

describe("read rotation", () => {
  it("reads from the primary when there is no replica", () => {
    const next = readRotation("primary", []);
    expect([next(), next()]).toEqual(["primary", "primary"]);
  });

  it("takes the replicas in turn, never the primary", () => {
    const next = readRotation("primary", ["replica-1", "replica-2", "replica-3"]);
    expect(Array.from({ length: 7 }, next)).toEqual(["replica-1", "replica-2", "replica-3", "replica-1", "replica-2", "replica-3", "replica-1"]);
    const only = readRotation("primary", ["replica-1"]);
    expect([only(), only()]).toEqual(["replica-1", "replica-1"]);
  });
});
