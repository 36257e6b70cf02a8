/**
 * Part 1 of bench/deltas.ts: graphql-ws subscribers on one gateway process while events are committed at a
 * steady rate; commit → client latency of every message, the gateway's memory and CPU.
 */
import type { Database } from "../src/db/client.js";
import type { ClassifiedRow } from "../src/db/schema/index.js";
import { PROPERTY_TYPES } from "../src/domain/enums.js";
import { listDepartments } from "../src/domain/geography.js";
import { commitChanges } from "./deltas-data.js";
import { now, percentile, sleep, startChild } from "./deltas-children.js";

export type SubscriptionRun = {
  db: Database;
  url: string;
  /** Classifieds not changed yet (each is changed once, so its event is recognised by resource id). */
  fresh: ClassifiedRow[];
  tokens: Map<string, string>;
  subscribers: number;
  rate: number;
  duration: number;
  /** `department`: each subscriber gets every event of its contract's department; `segment`: also filtered by one property type. */
  fanout: "department" | "segment";
  clientProcesses: number;
  profile: boolean;
  /** Print the worst latency of each second of the run. */
  timeline: boolean;
};

const QUERY = `subscription($filter: ListingEventFilter) { listingEvents(filter: $filter) {
  cursor type resourceId occurredAt
  classified { id status { current } transaction { type price { current } } location { department postcode } }
} }`;

type Usage = { peakRssMb: number; cpuMs: number };

export async function runSubscriptions(run: SubscriptionRun): Promise<void> {
  const departments = listDepartments();
  const gateway = startChild("bench/deltas-gateway.ts", [run.url], run.profile);
  const { port } = (await gateway.next()) as { port: number };
  const plans = Array.from({ length: run.clientProcesses }, () => [] as { token: string; variables: Record<string, unknown> }[]);
  for (let i = 0; i < run.subscribers; i += 1) {
    const department = departments[i % departments.length]!; // i % length < length
    const propertyType = PROPERTY_TYPES[Math.floor(i / departments.length) % PROPERTY_TYPES.length];
    const variables = run.fanout === "segment" ? { filter: { propertyTypes: [propertyType] } } : {};
    plans[i % run.clientProcesses]!.push({ token: run.tokens.get(department)!, variables }); // every department has a token
  }
  const opening = Date.now();
  const clients = plans.map((subscribers) => {
    const client = startChild("bench/deltas-subscribers.ts", []);
    client.send(JSON.stringify({ url: `ws://127.0.0.1:${port}/graphql`, query: QUERY, subscribers }));
    return client;
  });
  for (const client of clients) await client.next();
  const connectSeconds = (Date.now() - opening) / 1000;
  gateway.send("report");
  const idle = (await gateway.next()) as Usage;

  // Warm-up, not measured: every contract's first event builds its prepared statements (a gateway that has run
  // for a while has them all).
  const byDepartment = new Map<string, ClassifiedRow[]>();
  for (const classified of run.fresh) byDepartment.set(classified.department, [...(byDepartment.get(classified.department) ?? []), classified]);
  const warmUp = [...byDepartment.values()].flatMap((rows) => rows.slice(0, 2));
  for (let start = 0; start < warmUp.length; start += 20) await commitChanges(run.db, warmUp.slice(start, start + 20));
  await sleep(2_000);
  gateway.send("report");
  const warmed = (await gateway.next()) as Usage;
  const clientUsage = async () => {
    let cpuMs = 0;
    for (const client of clients) {
      client.send("usage");
      cpuMs += ((await client.next()) as { cpuMs: number }).cpuMs;
    }
    return cpuMs;
  };
  const clientsWarmed = await clientUsage();

  // `rate` events a second, committed in batches every 50 ms, each classified changed once.
  const used = new Set(warmUp.map((classified) => classified.id));
  const pool = run.fresh.filter((classified) => !used.has(classified.id)).sort(() => Math.random() - 0.5);
  const committedAt = new Map<string, number>();
  const perBatch = Math.max(1, Math.round(run.rate / 20));
  const started = now();
  let written = 0;
  while (now() - started < run.duration * 1_000 && written < pool.length) {
    const batch = pool.slice(written, written + perBatch);
    written += batch.length;
    await commitChanges(run.db, batch);
    const at = now();
    for (const classified of batch) committedAt.set(classified.id, at);
    const due = started + (written / run.rate) * 1_000;
    if (due > now()) await sleep(due - now());
  }
  const seconds = (now() - started) / 1_000;
  gateway.send("report");
  const loaded = (await gateway.next()) as Usage;
  const clientsLoaded = await clientUsage();
  await sleep(3_000);
  gateway.send("report");
  const drained = (await gateway.next()) as Usage;
  for (const classified of pool.slice(0, written)) used.add(classified.id);
  run.fresh.splice(0, run.fresh.length, ...run.fresh.filter((classified) => !used.has(classified.id)));

  const latencies: number[] = [];
  const worstBySecond = new Map<number, number>();
  for (const client of clients) {
    client.send("report");
    const report = (await client.next()) as { samples: [string, number][] };
    for (const [resourceId, at] of report.samples) {
      const committed = committedAt.get(resourceId);
      if (committed === undefined) continue;
      latencies.push(at - committed);
      const second = Math.floor((committed - started) / 1000);
      worstBySecond.set(second, Math.max(worstBySecond.get(second) ?? 0, at - committed));
    }
    client.send("exit");
  }
  latencies.sort((a, b) => a - b);
  const recipients = run.subscribers / departments.length / (run.fanout === "segment" ? PROPERTY_TYPES.length : 1);
  const expected = Math.round(written * recipients);
  console.log(
    `\nsubscriptions (${run.fanout}): ${run.subscribers} subscribers (connected in ${connectSeconds.toFixed(0)} s), ${written} events in ${seconds.toFixed(1)} s (${(written / seconds).toFixed(0)}/s), about ${recipients.toFixed(1)} recipients per event`,
  );
  console.log(`  messages ${latencies.length} of about ${expected} (${(latencies.length / seconds).toFixed(0)}/s)`);
  console.log(
    `  commit → client latency: p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, max ${(latencies.at(-1) ?? Number.NaN).toFixed(1)} ms`,
  );
  console.log(
    `  gateway peak RSS ${drained.peakRssMb} MB (${idle.peakRssMb} MB with subscribers connected, before events); CPU ${((loaded.cpuMs - warmed.cpuMs) / 10 / seconds).toFixed(0)}% of a core while events flowed; subscriber processes ${((clientsLoaded - clientsWarmed) / 10 / seconds).toFixed(0)}%`,
  );
  if (run.timeline) {
    const seconds = [...worstBySecond].sort((a, b) => a[0] - b[0]).map(([second, worst]) => `${second}s:${worst.toFixed(0)}`);
    console.log(`  worst latency (ms) of the events committed in each second: ${seconds.join(" ")}`);
  }
  await gateway.stop();
}
