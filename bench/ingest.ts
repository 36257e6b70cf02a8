import { randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { availableParallelism, tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import postgres from "postgres";
import { openDatabase, type Database } from "../src/db/client.js";
import { classifieds as classifiedsTable, events, properties } from "../src/db/schema/index.js";
import { DEFAULT_BATCH_SIZE } from "../src/modules/ingest/ingest.service.js";
import { readLines } from "../src/modules/ingest/line-reader.js";
import { prepareLine } from "../src/modules/ingest/prepare-line.js";
import { measureWriteFloor } from "./ingest-floor.js";
import { measuredIngest, writeFeed } from "./feed.js";

const serverUrl = process.env["BENCH_DATABASE_URL"] || "postgres://postgres@127.0.0.1:5432/test";
const classifieds = Number(process.argv[2] ?? 100_000);
const SEED = 20_261_120;

function databaseUrl(name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function withDatabase<T>(label: string, run: (url: string) => Promise<T>): Promise<T> {
  const name = `bench_ingest_${label}_${randomBytes(4).toString("hex")}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => undefined });
  await admin.unsafe(`create database ${name}`);
  try {
    return await run(databaseUrl(name));
  } finally {
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

async function count(db: Database, table: typeof classifiedsTable | typeof properties | typeof events): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(table);
  return row?.n ?? 0;
}

const lines = (file: string) => readLines(createReadStream(file));
const seconds = (start: number) => (performance.now() - start) / 1000;
const rate = (count: number, time: number) => Math.round(count / time).toLocaleString("en-US");

async function main(): Promise<void> {
  const dir = await mkdtemp(path.join(tmpdir(), "bench-ingest-"));
  const file = path.join(dir, "feed.ndjson");
  try {
    let start = performance.now();
    const lineCount = await writeFeed(file, classifieds, SEED);
    console.log(
      `generated ${lineCount.toLocaleString("en-US")} lines for ${classifieds.toLocaleString("en-US")} classifieds in ${seconds(start).toFixed(1)} s (seed generator)`,
    );

    // Normalisation alone: parse, validate, normalise every line, no database.
    start = performance.now();
    let valid = 0;
    const now = new Date();
    for await (const text of lines(file)) if (prepareLine(text, now).ok) valid += 1;
    const normaliseTime = seconds(start);

    const ingest = await withDatabase("pipeline", async (url) => {
      const run = await measuredIngest(url, file);
      const handle = await openDatabase({ kind: "postgres", url, poolSize: 1 });
      try {
        const counts = {
          classifieds: await count(handle.db, classifiedsTable),
          properties: await count(handle.db, properties),
          events: await count(handle.db, events),
        };
        const floor = await measureWriteFloor(url, Math.ceil(run.summary.received / DEFAULT_BATCH_SIZE));
        return { ...run, counts, floor };
      } finally {
        await handle.close();
      }
    });

    const baseline = await withDatabase("raw", async (url) => {
      const raw = postgres(url, { max: 1, onnotice: () => undefined });
      try {
        await raw`create table raw_observations (id bigserial primary key, url text not null, observed_at timestamptz not null, body jsonb not null)`;
        const began = performance.now();
        let batch: Array<{ url: string; observed_at: string; body: string }> = [];
        const flush = async () => {
          if (batch.length === 0) return;
          const rows = batch;
          batch = [];
          await raw`insert into raw_observations ${raw(rows, "url", "observed_at", "body")}`;
        };
        for await (const text of lines(file)) {
          const json = JSON.parse(text) as { source: { url: string }; observedAt: string }; // Lines written by this bench's generator.
          batch.push({ url: json.source.url, observed_at: json.observedAt, body: text });
          if (batch.length >= DEFAULT_BATCH_SIZE) await flush();
        }
        await flush();
        return { time: seconds(began) };
      } finally {
        await raw.end();
      }
    });

    const { summary, seconds: time, counts } = ingest;
    const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
    // npm run bench:ingest passes the listings command's young-generation size; say so when it is missing.
    const nodeFlags = process.execArgv.filter((flag) => flag.startsWith("--max-semi-space-size")).join(" ") || "Node's default young generation";
    console.log(`\ningest pipeline (PostgreSQL, batches of ${DEFAULT_BATCH_SIZE}, ${nodeFlags}): ${JSON.stringify(summary)}`);
    console.log(
      `  ${counts.classifieds.toLocaleString("en-US")} classifieds, ${counts.properties.toLocaleString("en-US")} properties, ${counts.events.toLocaleString("en-US")} events`,
    );
    console.log(`  ${time.toFixed(1)} s: ${rate(summary.created, time)} classifieds/s (${rate(summary.received, time)} lines/s)`);
    console.log(`  memory (RSS): ${mb(ingest.rssBefore)} before the ingest, peak ${mb(ingest.rssPeak)} during it (sampled every 100 ms)`);
    console.log(`  CPU of the ingesting process: ${ingest.cpuSeconds.toFixed(1)} s (${((ingest.cpuSeconds / time) * 100).toFixed(0)}% of one core)`);
    if (ingest.machineSeconds !== undefined) {
      const others = ingest.machineSeconds - ingest.cpuSeconds;
      const cores = availableParallelism();
      console.log(
        `  CPU of the whole machine: ${ingest.machineSeconds.toFixed(1)} s (${((ingest.machineSeconds / time / cores) * 100).toFixed(0)}% of its ${cores} cores), ` +
          `of which PostgreSQL and anything else ${others.toFixed(1)} s`,
      );
    }
    console.log(`\nfor comparison, same lines, same run:`);
    console.log(`  normalisation alone (no database): ${normaliseTime.toFixed(1)} s, ${rate(valid, normaliseTime)} lines/s`);
    console.log(
      `  raw baseline (postgres.js multi-row insert of url, time and jsonb line, no normalisation): ${baseline.time.toFixed(1)} s, ${rate(lineCount, baseline.time)} lines/s`,
    );
    console.log(`  pipeline / raw baseline: ${(baseline.time / time).toFixed(2)}x the baseline's speed`);

    const { floor } = ingest;
    const tables = Object.entries(floor.perTable).map(([table, t]) => `${table} ${t.rows.toLocaleString("en-US")} rows ${t.seconds.toFixed(1)} s`);
    console.log(`\nPostgreSQL write floor (the final rows written again into empty twins of the tables, same indexes and`);
    console.log(`triggers, one transaction per batch, nothing parsed or read): ${floor.seconds.toFixed(1)} s for ${floor.rows.toLocaleString("en-US")} rows`);
    console.log(`  ${tables.join(", ")}`);
    // The three kinds of work an ingest needs, each measured on its own above; PostgreSQL's is a lower bound.
    const cores = availableParallelism();
    const processWork = Math.max(0, ingest.cpuSeconds - normaliseTime);
    const total = normaliseTime + floor.seconds + processWork;
    const bestTime = total / cores;
    console.log(
      `\nCPU budget: normalisation ${normaliseTime.toFixed(1)} s + PostgreSQL write floor ${floor.seconds.toFixed(1)} s + the rest of the ingesting process's work ${processWork.toFixed(1)} s`,
    );
    console.log(
      `  = ${total.toFixed(1)} core-seconds; spread perfectly over ${cores} cores: ${bestTime.toFixed(1)} s, at most ${rate(summary.created, bestTime)} classifieds/s`,
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
