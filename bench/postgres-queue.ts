/**
 * What the postgres.js patch (patches/postgres+3.4.9.patch, applied by `npm install`) changes, measured
 * (`npm run bench:postgres-queue`): the installed, patched postgres.js beside the same version as published,
 * rebuilt in a temporary folder by reversing the patch on a copy. Each runs the same load in turn, in this
 * process: 32 concurrent loops of a one-row prepared select on a pool of 10 connections, for `--duration`
 * seconds, every connection busy all along as under a server's load. Prints queries/s in each 2 s window
 * (unpatched, the rate falls as the pool's busy list grows by one slot per query) and CPU per query.
 *
 *   BENCH_DATABASE_URL=postgres://... npm run bench:postgres-queue -- [--duration=20]
 *
 * BENCH_DATABASE_URL defaults to postgres://postgres@127.0.0.1:5432/test; the bench reads no table.
 */
import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type postgresType from "postgres";

const args = process.argv.slice(2);
const duration = Number(args.find((a) => a.startsWith("--duration="))?.split("=")[1] ?? 20);
const url = process.env["BENCH_DATABASE_URL"] || "postgres://postgres@127.0.0.1:5432/test";
const CONCURRENCY = 32;
const POOL_SIZE = 10;
const WINDOW_MS = 2_000;

/** A copy of the installed postgres.js with the patch reversed: the package as published. */
function unpatchedCopy(): { folder: string; remove(): void } {
  // Where the patch was applied (the patch names its files under node_modules/postgres).
  const installed = fileURLToPath(new URL("../node_modules/postgres", import.meta.url));
  const root = mkdtempSync(join(tmpdir(), "postgres-unpatched-"));
  const folder = join(root, "postgres");
  cpSync(installed, folder, { recursive: true });
  // The patch's paths are a/node_modules/postgres/...: strip three levels to reverse it inside the copy.
  const patch = readFileSync(new URL("../patches/postgres+3.4.9.patch", import.meta.url));
  execFileSync("patch", ["--reverse", "--strip=3", "--directory", folder, "--silent"], { input: patch });
  return { folder, remove: () => rmSync(root, { recursive: true, force: true }) };
}

type Postgres = typeof postgresType;

async function measure(label: string, postgres: Postgres): Promise<void> {
  const sql = postgres(url, { max: POOL_SIZE, onnotice: () => undefined });
  await sql`select 1`;
  let done = 0;
  const windows: number[] = [];
  let windowStart = { at: performance.now(), done: 0 };
  const timer = setInterval(() => {
    const now = performance.now();
    windows.push(((done - windowStart.done) * 1000) / (now - windowStart.at));
    windowStart = { at: now, done };
  }, WINDOW_MS);
  const cpuBefore = process.cpuUsage();
  const end = performance.now() + duration * 1000;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < end) {
        await sql`select ${done}::int as n`;
        done += 1;
      }
    }),
  );
  clearInterval(timer);
  const cpu = process.cpuUsage(cpuBefore);
  await sql.end();
  const perQuery = (cpu.user + cpu.system) / done;
  console.log(`| ${label} | ${(done / duration).toFixed(0)} | ${windows.map((rate) => rate.toFixed(0)).join(", ")} | ${perQuery.toFixed(1)} |`);
}

const unpatched = unpatchedCopy();
try {
  const installed = (await import("postgres")).default;
  const published = (await import(pathToFileURL(join(unpatched.folder, "src", "index.js")).href)).default as Postgres;
  console.log(`\npostgres.js connection queue: ${CONCURRENCY} concurrent loops of one prepared select, pool of ${POOL_SIZE}, ${duration} s each\n`);
  console.log(`| postgres.js 3.4.9 | queries/s | queries/s in each ${WINDOW_MS / 1000} s window | CPU µs/query |`);
  console.log("|---|---|---|---|");
  await measure("as published", published);
  await measure("patched (installed)", installed);
} finally {
  unpatched.remove();
}
