/**
 * Child process of bench/deltas.ts: the gateway as `listings serve` builds it (HTTP, GraphQL, subscriptions over
 * graphql-ws and, when asked, the webhook dispatcher) on PostgreSQL, alone in its process so its memory and CPU
 * are its own. Prints `{"port":n}` once listening; on a `report` line on stdin prints its peak resident memory
 * and CPU time so far; closes on SIGTERM.
 *
 *   node --import tsx bench/deltas-gateway.ts <postgres url> [--dispatcher]
 */
import { createInterface } from "node:readline";
import { pino } from "pino";
import { parseEnv } from "../src/config/env.js";
import { openDatabase } from "../src/db/client.js";
import { Authenticator } from "../src/modules/auth/auth.service.js";
import { startWebhookDispatcher } from "../src/modules/webhooks/webhook-worker.js";
import { buildApp } from "../src/transports/http.js";

const [url, ...flags] = process.argv.slice(2);
if (!url) throw new Error("usage: node --import tsx bench/deltas-gateway.ts <postgres url> [--dispatcher]");

const env = parseEnv({
  NODE_ENV: "production",
  DATABASE_URL: url,
  WEBHOOK_DISPATCHER: flags.includes("--dispatcher") ? "true" : "false",
  WEBHOOK_ALLOW_PRIVATE_NETWORKS: "true",
  WEBHOOK_CONCURRENCY: process.env["WEBHOOK_CONCURRENCY"] ?? "256",
  WEBHOOK_ENDPOINT_CONCURRENCY: process.env["WEBHOOK_ENDPOINT_CONCURRENCY"] ?? "64",
  WEBHOOK_POLL_INTERVAL_MS: "200",
});
const database = await openDatabase({ kind: "postgres", url, poolSize: env.DATABASE_POOL_SIZE });
const logger = pino({ level: "warn" });
const deps = { database, authenticator: new Authenticator(database.db), env, logger };
const app = buildApp(deps);
const worker = startWebhookDispatcher(deps);
await app.listen({ host: "127.0.0.1", port: 0 });
const address = app.server.address();
process.stdout.write(`${JSON.stringify({ port: typeof address === "object" && address !== null ? address.port : 0 })}\n`);

createInterface({ input: process.stdin }).on("line", (line) => {
  if (line.trim() !== "report") return;
  const usage = process.resourceUsage();
  // maxRSS is in kilobytes: the peak resident set of this process since it started.
  const report = { peakRssMb: Math.round(usage.maxRSS / 1024), cpuMs: Math.round((usage.userCPUTime + usage.systemCPUTime) / 1000) };
  process.stdout.write(`${JSON.stringify(report)}\n`);
});
process.once("SIGTERM", () => {
  void (async () => {
    await app.close();
    await worker.stop();
    await database.close();
  })().finally(() => process.exit(0));
});
