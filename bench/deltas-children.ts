/** Child-process plumbing and small helpers shared by the parts of bench/deltas.ts. */
import { spawn, type ChildProcess } from "node:child_process";
import { tmpdir } from "node:os";
import { createInterface } from "node:readline";

export type Child = { child: ChildProcess; next(): Promise<Record<string, unknown>>; send(line: string): void; stop(): Promise<void> };

/**
 * Starts `node --import tsx <script>` talking JSON lines on stdout. With `profile`, writes a V8 CPU profile to
 * the system temporary folder (open it in Chrome DevTools).
 */
export function startChild(script: string, args: string[], profile = false): Child {
  const profiling = profile ? ["--cpu-prof", `--cpu-prof-dir=${tmpdir()}`] : [];
  const child = spawn(process.execPath, [...profiling, "--max-old-space-size=2048", "--import", "tsx", script, ...args], {
    stdio: ["pipe", "pipe", "inherit"],
    env: { ...process.env, NODE_ENV: "production" },
  });
  const waiting: ((value: Record<string, unknown>) => void)[] = [];
  const queued: Record<string, unknown>[] = [];
  // Pipes exist: stdio is "pipe" for stdin and stdout.
  createInterface({ input: child.stdout! }).on("line", (line) => {
    if (!line.startsWith("{")) return;
    // Children print one JSON object per line.
    const value = JSON.parse(line) as Record<string, unknown>;
    const waiter = waiting.shift();
    if (waiter) waiter(value);
    else queued.push(value);
  });
  return {
    child,
    next: () =>
      new Promise((resolve) => {
        const value = queued.shift();
        if (value) resolve(value);
        else waiting.push(resolve);
      }),
    send: (line) => child.stdin!.write(`${line}\n`),
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    },
  };
}

export const percentile = (sorted: readonly number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Wall-clock milliseconds with sub-millisecond precision, comparable between processes on this machine. */
export const now = () => performance.timeOrigin + performance.now();
