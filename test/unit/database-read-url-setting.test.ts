import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "../../src/config/env.js";

const PRIMARY = { DATABASE_URL: "postgres://gateway@primary:5432/listings" };

describe("DATABASE_READ_URL", () => {
  it("is unset by default: no replicas", () => {
    expect(parseEnv(PRIMARY).DATABASE_READ_URL).toBeUndefined();
    expect(parseEnv({ ...PRIMARY, DATABASE_READ_URL: "" }).DATABASE_READ_URL).toBeUndefined();
  });

  it("takes one URL or several separated by commas, keeping a multi-host URL whole", () => {
    expect(parseEnv({ ...PRIMARY, DATABASE_READ_URL: "postgres://gateway@replica-1/listings" }).DATABASE_READ_URL).toEqual([
      "postgres://gateway@replica-1/listings",
    ]);
    const several = "postgres://gateway@replica-1/listings, postgresql://gateway:p%40ss@replica-2:5433,replica-3:5433/listings,";
    expect(parseEnv({ ...PRIMARY, DATABASE_READ_URL: several }).DATABASE_READ_URL).toEqual([
      "postgres://gateway@replica-1/listings",
      "postgresql://gateway:p%40ss@replica-2:5433,replica-3:5433/listings",
    ]);
  });

  it("refuses anything but postgres URLs, naming the entry by its position (it may hold a password)", () => {
    const bad = () => parseEnv({ ...PRIMARY, DATABASE_READ_URL: "postgres://replica-1/listings,mysql://root:secret@replica-2/listings" });
    expect(bad).toThrow(EnvError);
    expect(bad).toThrow(/DATABASE_READ_URL: URL number 2 is not a postgres:\/\/ or postgresql:\/\/ URL/);
    expect(bad).not.toThrow(/secret/);
    expect(() => parseEnv({ ...PRIMARY, DATABASE_READ_URL: " , " })).toThrow(/DATABASE_READ_URL: names no URL/);
  });

  it("needs DATABASE_URL: the embedded database has no replicas", () => {
    const alone = () => parseEnv({ DATABASE_READ_URL: "postgres://replica-1/listings" });
    expect(alone).toThrow(/DATABASE_READ_URL: read replicas need DATABASE_URL \(their primary\)/);
  });

  it("is reported with the other invalid variables", () => {
    try {
      parseEnv({ DATABASE_READ_URL: "postgres://replica-1/listings", PORT: "eighty" });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(EnvError);
      expect((error as EnvError).problems.map((problem) => problem.split(":")[0])).toEqual(["PORT", "DATABASE_READ_URL"]);
    }
  });
});
