import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

/** The `listings` launcher, run exactly as users run it. */
export const LISTINGS_BIN = fileURLToPath(new URL("../../bin/listings.js", import.meta.url));

export type CliResult = { code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string };

/**
 * The environment a CLI child process gets: only what the test passes (plus PATH and HOME), so that the
 * runner's own DATABASE_URL or DATA_DIR never leak into it.
 */
export function cliEnv(overrides: Record<string, string>): NodeJS.ProcessEnv {
  return { PATH: process.env["PATH"] ?? "", HOME: process.env["HOME"] ?? "", NODE_ENV: "test", LOG_LEVEL: "warn", ...overrides };
}

/** Runs `listings <args>` to completion and collects its exit code and output. */
export function runCli(args: readonly string[], env: Record<string, string>, input?: string): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [LISTINGS_BIN, ...args], { env: cliEnv(env), stdio: ["pipe", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (code, signal) => resolve({ code, signal, stdout, stderr }));
    child.stdin.end(input ?? "");
  });
}

export type RunningCli = {
  pid: number;
  /** Resolves with the first match of `pattern` in stdout (rejects if the process exits first). */
  waitForOutput(pattern: RegExp): Promise<RegExpMatchArray>;
  output(): { stdout: string; stderr: string };
  signal(signal: NodeJS.Signals): void;
  exited: Promise<CliResult>;
};

/** Starts a long-running `listings <args>` (e.g. serve) and lets the test watch its output and signal it. */
export function startCli(args: readonly string[], env: Record<string, string>): RunningCli {
  const child = spawn(process.execPath, [LISTINGS_BIN, ...args], { env: cliEnv(env), stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  const watchers = new Set<() => void>();
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
    stdout += chunk;
    for (const watcher of watchers) watcher();
  });
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  const exited = new Promise<CliResult>((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code, signal) => {
      resolve({ code, signal, stdout, stderr });
      for (const watcher of watchers) watcher();
    });
  });
  return {
    pid: child.pid ?? -1,
    waitForOutput(pattern) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const match = pattern.exec(stdout);
          if (match) {
            watchers.delete(check);
            resolve(match);
          } else if (child.exitCode !== null || child.signalCode !== null) {
            watchers.delete(check);
            reject(new Error(`listings ${args.join(" ")} exited (${child.exitCode ?? child.signalCode}) before printing ${pattern}:\n${stdout}\n${stderr}`));
          }
        };
        watchers.add(check);
        check();
      });
    },
    output: () => ({ stdout, stderr }),
    signal: (signal) => child.kill(signal),
    exited,
  };
}
