/**
 * Child process of bench/rest.ts: serves the gateway (the real app, as `listings serve` builds it) and the
 * hand-written baseline over the same PostgreSQL database, each on its own loopback port, so the load
 * generator in the parent does not share an event loop with them. Prints `{"gateway":port,"baseline":port}`
 * once both listen, and closes on SIGTERM.
 *
 *   node --import tsx bench/rest-targets.ts <postgres url> <pool size>
 */
import { pino } from "pino";
import { parseEnv } from "../src/config/env.js";
import { openDatabase } from "../src/db/client.js";
import { Authenticator } from "../src/modules/auth/auth.service.js";
import { buildApp } from "../src/transports/http.js";
import { buildBaselineApp } from "./rest-baseline.js";

const [url, poolArgument] = process.argv.slice(2);
if (!url) throw new Error("usage: node --import tsx bench/rest-targets.ts <postgres url> [pool size]");
const poolSize = Number(poolArgument ?? 10);

// FAST_PATHS as the gateway would read it (all by default), to measure the read path with fewer of them.
const env = parseEnv({ NODE_ENV: "production", DATABASE_URL: url, FAST_PATHS: process.env["FAST_PATHS"] ?? "all" });
const database = await openDatabase({ kind: "postgres", url, poolSize, fastPaths: env.FAST_PATHS });
const gateway = buildApp({
  database,
  authenticator: new Authenticator(database.db),
  env,
  logger: pino({ level: "warn" }),
});
const baseline = buildBaselineApp(url, poolSize);
await gateway.listen({ host: "127.0.0.1", port: 0 });
await baseline.listen({ host: "127.0.0.1", port: 0 });
const portOf = (server: typeof gateway.server) => {
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("expected a TCP address");
  return address.port;
};
process.stdout.write(`${JSON.stringify({ gateway: portOf(gateway.server), baseline: portOf(baseline.server) })}\n`);

process.once("SIGTERM", () => {
  void Promise.all([gateway.close(), baseline.close()])
    .then(() => database.close())
    .finally(() => process.exit(0));
});
