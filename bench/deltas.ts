/**
 * Deltas bench on PostgreSQL (`npm run bench:deltas`):
 *   1. subscriptions: SUBSCRIBERS graphql-ws subscribers on one gateway process while RATE events/s are committed
 *      for DURATION seconds. Each subscriber's token has a contract of one department (spread over all 109);
 *      fan-out `department` sends each event to every subscriber of its department (~46 with 5,000 subscribers),
 *      `segment` adds a property-type filter (~4.6). Prints commit → client latency p50/p99 over every message,
 *      messages/s, and the gateway's peak memory and CPU.
 *   2. webhooks: WEBHOOK_EVENTS changes committed at once, delivered to ENDPOINTS webhooks on a loopback
 *      receiver; prints deliveries/s (first to last delivery, and from the first commit).
 * The gateway and the subscribers run in child processes; the writer and the receiver run here.
 *
 *   npm run bench:deltas -- [postgres server url] [--subscribers=5000] [--rate=200] [--duration=30]
 *       [--fanout=segment,department] [--webhook-events=20000] [--endpoints=4] [--only=subscriptions|webhooks] [--profile] [--timeline]
 */
import { randomBytes } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import postgres from "postgres";
import { openDatabase, type DatabaseHandle } from "../src/db/client.js";
import { listDepartments } from "../src/domain/geography.js";
import { now, sleep, startChild } from "./deltas-children.js";
import { commitChanges, departmentTokens, insertListings } from "./deltas-data.js";
import { runSubscriptions } from "./deltas-subscriptions.js";
import { registerWebhookForBench } from "./deltas-webhooks.js";

const args = process.argv.slice(2);
const text = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.split("=")[1];
const option = (name: string, fallback: number) => Number(text(name) ?? fallback);
const only = text("only");
const serverUrl = args.find((a) => !a.startsWith("--")) ?? "postgres://postgres@127.0.0.1:5432/postgres";
const SUBSCRIBERS = option("subscribers", 5_000);
const RATE = option("rate", 200);
const DURATION = option("duration", 30);
const FANOUTS = (text("fanout") ?? "segment,department").split(",").filter((f): f is "segment" | "department" => f === "segment" || f === "department");
const WEBHOOK_EVENTS = option("webhook-events", 20_000);
const ENDPOINTS = option("endpoints", 4);
const PROFILE = args.includes("--profile");

async function prepareDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `deltas_bench_${randomBytes(4).toString("hex")}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => undefined });
  await admin.unsafe(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const dropper = postgres(serverUrl, { max: 1, onnotice: () => undefined });
      await dropper.unsafe(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

async function subscriptionsBench(database: DatabaseHandle, url: string): Promise<void> {
  const perRun = RATE * DURATION * 1.1 + 2 * listDepartments().length;
  const fresh = await insertListings(database.db, Math.ceil((perRun * FANOUTS.length) / listDepartments().length));
  const tokens = await departmentTokens(database.db, "subscriber");
  for (const fanout of FANOUTS) {
    await runSubscriptions({
      db: database.db,
      url,
      fresh,
      tokens,
      subscribers: SUBSCRIBERS,
      rate: RATE,
      duration: DURATION,
      fanout,
      clientProcesses: 2,
      profile: PROFILE,
      timeline: args.includes("--timeline"),
    });
  }
}

async function webhooksBench(database: DatabaseHandle, url: string): Promise<void> {
  let first = Number.NaN;
  let last = Number.NaN;
  let accepted = 0;
  const receiver = createServer((request, response) => {
    request.resume();
    request.on("end", () => {
      accepted += 1;
      const at = now();
      if (Number.isNaN(first)) first = at;
      last = at;
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`; // listening: an AddressInfo
  const perEndpoint = Math.ceil(WEBHOOK_EVENTS / ENDPOINTS);
  const listings = await insertListings(database.db, Math.ceil(perEndpoint / listDepartments().length));
  for (let i = 0; i < ENDPOINTS; i += 1) await registerWebhookForBench(database.db, `${receiverUrl}/${i}`, i);
  const gateway = startChild("bench/deltas-gateway.ts", [url, "--dispatcher"], PROFILE);
  await gateway.next();
  const events = listings.slice(0, perEndpoint);
  const total = events.length * ENDPOINTS;
  const started = now();
  for (let start = 0; start < events.length; start += 1_000) await commitChanges(database.db, events.slice(start, start + 1_000));
  const committed = now();
  const deadline = Date.now() + 600_000;
  while (accepted < total && Date.now() < deadline) await sleep(50);
  gateway.send("report");
  const usage = (await gateway.next()) as { peakRssMb: number; cpuMs: number };
  const seconds = (last - first) / 1000;
  console.log(
    `\nwebhooks: ${events.length} changes × ${ENDPOINTS} endpoints = ${total} deliveries (committed in ${((committed - started) / 1000).toFixed(1)} s)`,
  );
  console.log(`  delivered ${accepted} in ${seconds.toFixed(1)} s: ${(accepted / seconds).toFixed(0)} deliveries/s (first to last delivery)`);
  console.log(`  ${(accepted / ((last - started) / 1000)).toFixed(0)} deliveries/s from the first commit (deliveries rendered, signed, sent and recorded)`);
  console.log(`  gateway peak RSS ${usage.peakRssMb} MB, CPU ${(usage.cpuMs / 1000).toFixed(1)} s in all`);
  await gateway.stop();
  receiver.close();
}

async function main(): Promise<void> {
  const { url, drop } = await prepareDatabase();
  const database = await openDatabase({ kind: "postgres", url, poolSize: 4 });
  try {
    await database.migrate();
    if (only !== "webhooks") await subscriptionsBench(database, url);
    if (only !== "subscriptions") await webhooksBench(database, url);
  } finally {
    await database.close();
    await drop();
  }
}

await main();
