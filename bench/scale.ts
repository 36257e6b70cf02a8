/**
 * The gateway at a customer's size, on PostgreSQL (`npm run bench:scale`): ingests N classifieds through the real
 * pipeline (the seed generator's observations, written to a file first, then `listings ingest`'s path in a
 * process of its own: rate and peak memory), then loads the gateway at 8 connections with every kind of read a
 * client makes: `GET /properties/{id}`, `GET /classifieds/lookup`, GraphQL `property(id)` with its classifieds,
 * and the v1 search in each of its shapes (filters, geography, text, deep pages, portals, energy), plus GraphQL's
 * filtered `properties`. Prints p50/p95/p99 and req/s for each. With `--also=M`, the same first at M classifieds,
 * in the same run, for comparison. Nothing is analyzed by hand: the ingest keeps the statistics itself.
 *
 *   npm run bench:scale -- [--classifieds=1000000] [--also=100000] [--duration=10] [--connections=8] [--rounds=1] [--keep] [--ingest-only] [--only=text]
 *
 * BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) names the server to `create database`
 * on. `--keep` keeps each size's database (`scale_bench_N`) and reuses it when it already holds N classifieds.
 * `--ingest-only` measures the ingests and skips the reads; `--only=TEXT` runs only the reads whose name holds TEXT.
 * Each read also shows the gateway process's CPU time per request: the rest of a request's cost is the database's.
 * `--rounds=N` runs every read N times, in turns (each round goes through all of them, so that a machine whose
 * speed drifts slows every read alike), and shows the round with the median p95, then the p95 of every round.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { print } from "graphql";
import postgres from "postgres";
import { openDatabase } from "../src/db/client.js";
import { PropertyByIdDocument, SearchPropertiesDocument } from "../src/transports/graphql/generated/graphql.js";
import { load, type Figures, type Scenario } from "./http-load.js";
import { measuredIngest, readTokens, writeFeed } from "./feed.js";
import { LISTINGS_NODE_FLAGS } from "./listings-node-flags.js";

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => Number(args.find((a) => a.startsWith(`--${name}=`))?.split("=")[1] ?? fallback);
const serverUrl = process.env["BENCH_DATABASE_URL"] || "postgres://postgres@127.0.0.1:5432/postgres";
const sizes = [option("also", 0), option("classifieds", 1_000_000)].filter((size) => size > 0);
const duration = option("duration", 10);
const connections = option("connections", 8);
const rounds = Math.max(1, option("rounds", 1));
const keep = args.includes("--keep");
const ingestOnly = args.includes("--ingest-only");
const only = args.find((a) => a.startsWith("--only="))?.slice("--only=".length);
const SEED = 20_261_125;
const POOL_SIZE = 10;

const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
const thousands = (value: number) => Math.round(value).toLocaleString("en-US");

function databaseUrl(name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The database of one size, with its classifieds ingested (reused with --keep when it holds them already). */
async function preparedDatabase(classifieds: number): Promise<string> {
  const name = `scale_bench_${classifieds}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => undefined });
  try {
    const [exists] = await admin`select 1 from pg_database where datname = ${name}`;
    if (exists && keep) {
      const sql = postgres(databaseUrl(name), { max: 1, onnotice: () => undefined });
      const [{ n } = { n: 0 }] = await sql<{ n: number }[]>`select count(*)::int as n from classifieds`.catch(() => [{ n: 0 }]);
      await sql.end();
      if (n >= classifieds) {
        console.log(`reusing ${name}: ${thousands(n)} classifieds`);
        return databaseUrl(name);
      }
    }
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.unsafe(`create database ${name}`);
  } finally {
    await admin.end();
  }
  await ingest(databaseUrl(name), classifieds);
  return databaseUrl(name);
}

/** Generates the feed, then ingests it as `listings ingest` does, in a process of its own (bench/ingest-run.ts). */
async function ingest(url: string, classifieds: number): Promise<void> {
  const dir = await mkdtemp(path.join(tmpdir(), "bench-scale-"));
  const file = path.join(dir, "feed.ndjson");
  try {
    const lines = await writeFeed(file, classifieds, SEED);
    const run = await measuredIngest(url, file);
    console.log(
      `ingest of ${thousands(lines)} lines: ${run.seconds.toFixed(1)} s, ${thousands(run.summary.created / run.seconds)} classifieds/s, ` +
        `peak RSS ${mb(run.rssPeak)} (${mb(run.rssBefore)} before), CPU ${run.cpuSeconds.toFixed(1)} s in the ingesting process ` +
        `(${((run.cpuSeconds / run.summary.created) * 1e6).toFixed(0)} µs a classified)` +
        (run.machineSeconds === undefined ? "" : `, ${run.machineSeconds.toFixed(1)} core-seconds busy on the machine`),
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The gateway, as `listings serve` builds it, in a child process (bench/graphql-targets.ts); its port. */
async function startGateway(url: string): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, [...LISTINGS_NODE_FLAGS, "--import", "tsx", "bench/graphql-targets.ts", "gateway", url, String(POOL_SIZE)], {
    stdio: ["pipe", "pipe", "inherit"],
    env: { ...process.env, NODE_ENV: "production" },
  });
  const port = await new Promise<number>((resolve, reject) => {
    let buffer = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      buffer += chunk.toString("utf8");
      const line = buffer.split("\n").find((l) => l.startsWith("{"));
      if (line) resolve((JSON.parse(line) as { port: number }).port); // the child's first JSON line
    });
    child.once("exit", (code) => reject(new Error(`the gateway exited with ${code}`)));
  });
  return { child, port };
}

type Samples = { propertyIds: string[]; urls: string[]; places: { lat: number; lng: number }[] };

async function samplesOf(url: string): Promise<Samples & { classifieds: number; properties: number; analyzed: string }> {
  const sql = postgres(url, { max: 1, onnotice: () => undefined });
  try {
    const propertyIds = (await sql<{ id: string }[]>`select id from properties order by random() limit 5000`).map((r) => r.id);
    const urls = (await sql<{ key: string }[]>`select url_key as key from classifieds order by random() limit 5000`).map((r) => `https://www.${r.key}`);
    const places = await sql<{ lat: number; lng: number }[]>`
      select latitude as lat, longitude as lng from properties where latitude is not null order by random() limit 500`;
    const [counts] = await sql<{ classifieds: number; properties: number }[]>`
      select (select count(*)::int from classifieds) as classifieds, (select count(*)::int from properties) as properties`;
    const analyzed = await sql<{ relname: string; analyzed: boolean }[]>`
      select relname, (last_analyze is not null or last_autoanalyze is not null) as analyzed
      from pg_stat_user_tables where relname in ('classifieds', 'properties', 'events') order by relname`;
    return {
      propertyIds,
      urls,
      places: [...places],
      classifieds: counts?.classifieds ?? 0,
      properties: counts?.properties ?? 0,
      analyzed: analyzed.map((row) => `${row.relname} ${row.analyzed ? "analyzed" : "never analyzed"}`).join(", "),
    };
  } finally {
    await sql.end();
  }
}

async function tokensFor(url: string): Promise<string[]> {
  const handle = await openDatabase({ kind: "postgres", url, poolSize: 2 });
  try {
    return await readTokens(handle.db, 20, "scale");
  } finally {
    await handle.close();
  }
}

const pick = <T>(values: readonly T[]): T => values[Math.floor(Math.random() * values.length)] as T; // index < length
const DEPARTMENTS = ["75", "69", "13", "33", "59", "2A", "971"];
const TEXTS = ["environnement calme", "immeuble ascenseur", "place stationnement", "commerces écoles"];

/** Every read a client makes, at `connections` connections. */
function scenariosOf({ propertyIds, urls, places }: Samples): Scenario[] {
  const rest = (name: string, request: Scenario["request"]): Scenario => ({ name, connections, request });
  const search = (name: string, body: () => Record<string, unknown>) =>
    rest(`search: ${name}`, () => ({
      method: "POST",
      path: "/public/v1/properties/search",
      body: JSON.stringify({ transactionType: "sale", propertyTypes: ["apartment", "house"], ...body() }),
      token: true,
    }));
  const graphql = (name: string, body: () => Record<string, unknown>) =>
    rest(`GraphQL ${name}`, () => ({ method: "POST", path: "/graphql", body: JSON.stringify(body()), token: true }));
  const near = () => {
    const place = pick(places);
    return { lat: place.lat, lng: place.lng };
  };
  return [
    rest("GET /properties/{id}", () => ({ method: "GET", path: `/public/v1/properties/${pick(propertyIds)}`, token: true })),
    rest("GET /classifieds/lookup", () => ({ method: "GET", path: `/public/v1/classifieds/lookup?url=${encodeURIComponent(pick(urls))}`, token: true })),
    graphql("property(id) { …all… classifieds { …all… } }", () => ({ query: print(PropertyByIdDocument), variables: { id: pick(propertyIds) } })),
    search("department, price, area; by price", () => ({
      locationDepartments: [pick(DEPARTMENTS)],
      transactionPriceMin: 100_000,
      transactionPriceMax: 600_000,
      propertyAreaMin: 30,
      sortBy: "price",
      orderBy: "asc",
    })),
    // The same, with a budget of its own on every request: no two requests ask the same search.
    search("department, price, area; by price; a new budget each time", () => ({
      locationDepartments: [pick(DEPARTMENTS)],
      transactionPriceMin: 1_000 * (50 + Math.floor(Math.random() * 200)),
      transactionPriceMax: 1_000 * (300 + Math.floor(Math.random() * 600)),
      propertyAreaMin: 30,
      sortBy: "price",
      orderBy: "asc",
    })),
    search("text, two words", () => ({ searchQuery: pick(TEXTS) })),
    search("pages 50 to 450, by firstSeenAt", () => ({ page: 50 + Math.floor(Math.random() * 401), sortBy: "firstSeenAt", orderBy: "desc" })),
    search("bounding box (about 10 km), by price", () => {
      const { lat, lng } = near();
      return { locationGeoBbox: { sw: { lat: lat - 0.05, lng: lng - 0.07 }, ne: { lat: lat + 0.05, lng: lng + 0.07 } }, sortBy: "price" };
    }),
    search("circle of 2 km", () => ({ locationGeoCircle: { center: near(), radiusMeters: 2_000 } })),
    search("rooms, bedrooms and flags", () => ({
      locationDepartments: [pick(DEPARTMENTS)],
      propertyRoomCountMin: 3,
      propertyBedroomCountMin: 2,
      propertyElevatorExists: true,
      propertyBalconyExists: true,
    })),
    search("DPE A to C", () => ({ locationDepartments: [pick(DEPARTMENTS)], energyDpeLabels: ["a", "b", "c"] })),
    search("on two portals or more", () => ({ locationDepartments: [pick(DEPARTMENTS)], sourceDomainsCountMin: 2 })),
    graphql("properties(first: 20, filter) { …all… classifieds { …all… } }", () => ({
      query: print(SearchPropertiesDocument),
      variables: {
        first: 20,
        orderBy: { field: "price", direction: "asc" },
        filter: {
          departments: [pick(DEPARTMENTS)],
          transactionType: "sale",
          propertyTypes: ["apartment", "house"],
          price: { min: 100_000, max: 600_000 },
          area: { min: 30 },
        },
      },
    })),
  ];
}

/** One read's cell: the round with the median p95 (its req/s, p50 / p95 / p99 and CPU), then every round's p95. */
function cellOf(figures: readonly Figures[]): string {
  const byP95 = [...figures].sort((a, b) => a.p95 - b.p95);
  const f = byP95[Math.floor((byP95.length - 1) / 2)] as Figures; // figures holds one per round, at least one
  const failures = figures.reduce((sum, round) => sum + round.non2xx, 0);
  const cell = `${f.rps.toFixed(0)} req/s, ${f.p50.toFixed(1)} / ${f.p95.toFixed(1)} / ${f.p99.toFixed(1)}, gateway CPU ${f.cpuMsPerRequest.toFixed(1)} ms`;
  const spread = figures.length > 1 ? `; p95 of the rounds ${figures.map((round) => round.p95.toFixed(1)).join(", ")}` : "";
  return `${cell}${spread}${failures > 0 ? `, ${failures} failed` : ""}`;
}

async function dropDatabase(url: string): Promise<void> {
  const admin = postgres(serverUrl, { max: 1, onnotice: () => undefined });
  await admin.unsafe(`drop database if exists ${new URL(url).pathname.slice(1)} with (force)`);
  await admin.end();
}

async function main(): Promise<void> {
  const results = new Map<string, Map<number, string>>();
  for (const size of sizes) {
    console.log(`\n== ${thousands(size)} classifieds`);
    const url = await preparedDatabase(size);
    if (ingestOnly) {
      if (!keep) await dropDatabase(url);
      continue;
    }
    const samples = await samplesOf(url);
    console.log(`${thousands(samples.classifieds)} classifieds, ${thousands(samples.properties)} properties; statistics: ${samples.analyzed}`);
    const tokens = await tokensFor(url);
    const gateway = await startGateway(url);
    try {
      const scenarios = scenariosOf(samples).filter((s) => !only || s.name.includes(only));
      const measured = new Map<string, Figures[]>();
      for (let round = 1; round <= rounds; round += 1) {
        for (const scenario of scenarios) {
          if (round === 1) await load(gateway.port, tokens, scenario, 2); // warm-up: JIT, pools, caches
          const f = await load(gateway.port, tokens, scenario, duration, gateway.child.pid);
          measured.set(scenario.name, [...(measured.get(scenario.name) ?? []), f]);
          console.log(`  ${scenario.name}${rounds > 1 ? ` (round ${round})` : ""}: ${cellOf([f])}`);
        }
      }
      for (const [name, figures] of measured) {
        const row = results.get(name) ?? new Map<number, string>();
        row.set(size, cellOf(figures));
        results.set(name, row);
      }
    } finally {
      gateway.child.kill("SIGTERM");
      await once(gateway.child, "exit");
      if (!keep) await dropDatabase(url);
    }
  }
  if (ingestOnly) return;
  const roundsSaid = rounds > 1 ? `, ${rounds} rounds (the round with the median p95)` : "";
  console.log(`\n${connections} connections, ${duration} s each${roundsSaid}; req/s, then p50 / p95 / p99 ms, then the gateway's CPU time a request\n`);
  console.log(`| request | ${sizes.map((size) => `${thousands(size)} classifieds`).join(" | ")} |`);
  console.log(`|---|${sizes.map(() => "---").join("|")}|`);
  for (const [name, row] of results) console.log(`| ${name} | ${sizes.map((size) => row.get(size) ?? "").join(" | ")} |`);
}

await main();
