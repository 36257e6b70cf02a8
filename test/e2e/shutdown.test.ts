import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const LISTENING = /Listings Gateway listening on (http:\/\/127\.0\.0\.1:\d+) /;

/**
 * Shutdown through the real start commands, as an operator (or a container runtime) stops them: one SIGTERM or
 * SIGINT, under NODE_ENV=production (where Apollo Server would otherwise send the signal again), must let
 * the server finish, release the embedded database's lock and exit 0; SIGTERM sent to `npm start`'s own
 * process must reach the server (no server left running, re-parented).
 */
describe("graceful shutdown of the real start commands", { timeout: 120_000 }, () => {
  async function stopWith(command: string[], signal: NodeJS.Signals) {
    const dataDir = await mkdtemp(path.join(tmpdir(), "listings-shutdown-"));
    try {
      const child = spawn(command[0] as string, command.slice(1), {
        cwd: ROOT,
        env: { ...process.env, NODE_ENV: "production", DATA_DIR: dataDir, DEMO_DATA: "false", PORT: "0", LOG_LEVEL: "warn", DATABASE_URL: "" },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let output = "";
      child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
      const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
      const deadline = Date.now() + 60_000;
      while (!LISTENING.test(output) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
      const url = LISTENING.exec(output)?.[1];
      expect(url, output).toBeDefined();
      expect((await fetch(`${url}/readyz`)).status).toBe(200);
      child.kill(signal);
      const code = await exited;
      return { code, output, url: url as string, locked: existsSync(path.join(dataDir, "listings.lock")) };
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }

  it.each([
    ["the listings command", "SIGTERM", ["node", "bin/listings.js", "serve"]],
    ["the listings command", "SIGINT", ["node", "bin/listings.js", "serve"]],
    ["npm start", "SIGTERM", ["npm", "start", "--silent"]],
  ] as const)("%s stops on one %s: exit 0, nothing left running, the data directory released", async (_, signal, command) => {
    const { code, output, url, locked } = await stopWith([...command], signal);
    expect(output).not.toMatch(/again/);
    expect(code, output).toBe(0);
    expect(locked).toBe(false);
    await expect(fetch(`${url}/healthz`)).rejects.toThrow();
  });
});
