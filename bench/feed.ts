/**
 * What the ingest benches share: the seed generator's observations written to an NDJSON file (so that generating
 * costs nothing during the measure), and one measured ingest of such a file in a process of its own
 * (bench/ingest-run.ts), as `listings ingest` runs.
 */
import { spawn } from "node:child_process";
import { once } from "node:events";
import { createWriteStream } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Database } from "../src/db/client.js";
import { createToken } from "../src/modules/auth/auth.service.js";
import { generateObservations } from "../src/modules/seed/generator.js";
import type { IngestRun } from "./ingest-run.js";

/** Writes the observations of `classifieds` generated classifieds to `file`; returns the number of lines. */
export async function writeFeed(file: string, classifieds: number, seed: number): Promise<number> {
  const out = createWriteStream(file);
  let lines = 0;
  for (const line of generateObservations({ classifieds, seed })) {
    if (!out.write(`${JSON.stringify(line)}\n`)) await once(out, "drain");
    lines += 1;
  }
  out.end();
  await once(out, "finish");
  return lines;
}

/** Runs bench/ingest-run.ts in a child process with this process's Node flags and returns what it measured. */
export async function measuredIngest(url: string, file: string): Promise<IngestRun> {
  const child = spawn(process.execPath, [...process.execArgv, fileURLToPath(new URL("./ingest-run.ts", import.meta.url)), url, file], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  let output = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  const [code] = (await once(child, "exit")) as [number | null];
  if (code !== 0) throw new Error(`the measured ingest exited with code ${String(code)}`);
  return JSON.parse(output) as IngestRun; // Written by ingest-run.ts just above.
}

/**
 * `count` read tokens over every department (plan enterprise500), as several clients would have: one token
 * alone would meet its plan's rate limit under a bench's load.
 */
export async function readTokens(db: Database, count: number, label: string): Promise<string[]> {
  const tokens: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const { secret } = await createToken(db, {
      email: `${label}-${i}@example.fr`,
      name: `${label} ${i}`,
      plan: "enterprise500",
      contract: { allDepartments: true, departments: [], sirens: [], sirets: [] },
      scopes: ["read"],
    });
    tokens.push(secret);
  }
  return tokens;
}
