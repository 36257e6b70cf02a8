import { readFileSync } from "node:fs";
import semver from "semver";
import { describe, expect, it } from "vitest";

// README promises the Node the project declares: every installed package must accept it, or `npm install`
// warns (EBADENGINE) and the package may rely on what that Node lacks.
const manifest = JSON.parse(readFileSync("package.json", "utf8")) as { engines: { node: string } };
const lockfile = JSON.parse(readFileSync("package-lock.json", "utf8")) as {
  packages: Record<string, { version?: string; engines?: { node?: string } | string[] }>;
};

describe("the Node version the project declares", () => {
  const lowest = semver.minVersion(manifest.engines.node)?.version ?? "";

  it("is a version", () => {
    expect(lowest).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it("is accepted by every locked package", () => {
    const refusing = Object.entries(lockfile.packages)
      .filter(([path]) => path !== "")
      .flatMap(([path, entry]) => {
        const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
        if (!range || semver.satisfies(lowest, range)) return [];
        return [`${path.replace(/^.*node_modules\//, "")}@${entry.version} wants node ${range}`];
      });
    expect(refusing).toEqual([]);
  });
});
