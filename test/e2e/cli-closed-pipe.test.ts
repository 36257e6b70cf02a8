import { spawn } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";

const BIN = path.resolve(import.meta.dirname, "../../bin/listings.js");

describe("a command whose output is closed early", () => {
  it("`listings seed --out -` read by a reader that stops after one line ends quietly, exit 0, no stack trace", async () => {
    const child = spawn(process.execPath, [BIN, "seed", "--classifieds", "2000", "--out", "-"], { stdio: ["ignore", "pipe", "pipe"] });
    let stderr = "";
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    let first = "";
    const closed = new Promise<number | null>((resolve) => child.on("close", (code) => resolve(code)));
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      if (first !== "") return;
      first = chunk.split("\n")[0] ?? "";
      child.stdout.destroy(); // what `head -1` does after its line
    });
    const code = await closed;
    expect(JSON.parse(first)).toHaveProperty("source.url");
    expect(stderr).not.toMatch(/EPIPE|Error| {4}at /);
    expect(code).toBe(0);
  }, 60_000);
});
