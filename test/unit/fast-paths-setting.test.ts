import { describe, expect, it } from "vitest";
import { EnvError, FAST_PATH_NAMES, parseEnv } from "../../src/config/env.js";

describe("FAST_PATHS", () => {
  it("turns every fast path on by default and with `all`", () => {
    expect([...parseEnv({}).FAST_PATHS]).toEqual([...FAST_PATH_NAMES]);
    expect([...parseEnv({ FAST_PATHS: "all" }).FAST_PATHS]).toEqual([...FAST_PATH_NAMES]);
  });

  it("turns every one off with `none`, and only those listed on with a list", () => {
    expect(parseEnv({ FAST_PATHS: "none" }).FAST_PATHS.size).toBe(0);
    expect([...parseEnv({ FAST_PATHS: "jit, direct-answers" }).FAST_PATHS]).toEqual(["jit", "direct-answers"]);
  });

  it("refuses an unknown name, naming the setting and the names it takes", () => {
    expect(() => parseEnv({ FAST_PATHS: "jit,turbo" })).toThrow(EnvError);
    expect(() => parseEnv({ FAST_PATHS: "jit,turbo" })).toThrow(/FAST_PATHS: "turbo" is not a fast path: use all, none or a list of jit, raw-leaves/);
  });
});
