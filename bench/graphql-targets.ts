/**
 * Child process of bench/graphql.ts: serves either the gateway (the real app, as `listings serve` builds it)
 * or the hand-written baseline, on a loopback port, so that neither shares an event loop or a heap with the
 * load generator or with the other. Prints `{"port":n}` once listening; on a `report` line on stdin prints
 * `{"peakRssMb":n}` (the process's peak resident memory so far); closes on SIGTERM.
 *
 *   node --import tsx bench/graphql-targets.ts gateway|baseline <postgres url> <pool size>
 */
import { createInterface } from "node:readline";
import { pino } from "pino";
import { parseEnv } from "../src/config/env.js";
import { openDatabase } from "../src/db/client.js";
import { Authenticator } from "../src/modules/auth/auth.service.js";
import { buildApp } from "../src/transports/http.js";
import { baselineServer } from "./graphql-baseline.js";

const [role, url, poolArgument] = process.argv.slice(2);
if ((role !== "gateway" && role !== "baseline") || !url) {
  throw new Error("usage: node --import tsx bench/graphql-targets.ts gateway|baseline <postgres url> [pool size]");
}
const poolSize = Number(poolArgument ?? 10);

let close: () => Promise<void>;
let port: number;
if (role === "gateway") {
  const env = parseEnv({ NODE_ENV: "production", DATABASE_URL: url, FAST_PATHS: process.env["FAST_PATHS"] ?? "all" });
  const database = await openDatabase({ kind: "postgres", url, poolSize, fastPaths: env.FAST_PATHS });
  const app = buildApp({
    database,
    authenticator: new Authenticator(database.db),
    env,
    logger: pino({ level: "warn" }),
  });
  await app.listen({ host: "127.0.0.1", port: 0 });
  const address = app.server.address();
  port = typeof address === "object" && address !== null ? address.port : 0;
  close = async () => {
    await app.close();
    await database.close();
  };
} else {
  const baseline = baselineServer(url, poolSize);
  await new Promise<void>((resolve) => baseline.server.listen(0, "127.0.0.1", resolve));
  const address = baseline.server.address();
  port = typeof address === "object" && address !== null ? address.port : 0;
  close = baseline.close;
}
process.stdout.write(`${JSON.stringify({ port })}\n`);

createInterface({ input: process.stdin }).on("line", (line) => {
  // maxRSS is in kilobytes: the peak resident set of this process since it started.
  if (line.trim() !== "report") return;
  const usage = process.resourceUsage();
  const cpuMs = (usage.userCPUTime + usage.systemCPUTime) / 1000;
  process.stdout.write(`${JSON.stringify({ peakRssMb: Math.round(usage.maxRSS / 1024), cpuMs })}\n`);
});
process.once("SIGTERM", () => {
  void close().finally(() => process.exit(0));
});
