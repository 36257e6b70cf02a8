/**
 * REST v1 bench on PostgreSQL: `GET /properties/{id}`, `GET /classifieds/lookup` and a filtered
 * `POST /properties/search` on the gateway, each beside a hand-written postgres.js baseline of the same data
 * (bench/rest-baseline.ts) in the same run. Prints req/s, p50, p95 and p99 for each.
 *
 *   npm run bench:rest -- [postgres server url] [--classifieds=100000] [--duration=10] [--keep]
 *
 * The gateway reads FAST_PATHS as it would in production (all by default): `FAST_PATHS=none npm run bench:rest`
 * measures it without its fast paths, against the same baseline.
 *
 * The URL names a server to `create database` on (default postgres://postgres@127.0.0.1:5432/postgres). The
 * bench database is dropped at the end unless `--keep`, which names it after the size and reuses it.
 * Servers run in a child process; the load generator (autocannon) runs here. Throughput runs use 50
 * connections; the search is also run at 8 connections, where its latency is not queueing behind the others.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { isDeepStrictEqual } from "node:util";
import postgres from "postgres";
import { openDatabase } from "../src/db/client.js";
import { insertGeneratedListings } from "../test/factories/generated-listings.js";
import { readTokens } from "./feed.js";
import { load, type Figures, type Scenario } from "./http-load.js";
import { LISTINGS_NODE_FLAGS } from "./listings-node-flags.js";

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => Number(args.find((a) => a.startsWith(`--${name}=`))?.split("=")[1] ?? fallback);
const serverUrl = args.find((a) => !a.startsWith("--")) ?? "postgres://postgres@127.0.0.1:5432/postgres";
const targetClassifieds = option("classifieds", 100_000);
const duration = option("duration", 10);
const keep = args.includes("--keep");
const POOL_SIZE = 10;

async function prepareDatabase(): Promise<string> {
  const name = keep ? `rest_bench_${targetClassifieds}` : `rest_bench_${randomBytes(4).toString("hex")}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => undefined });
  const [exists] = await admin`select 1 from pg_database where datname = ${name}`;
  if (!exists) await admin.unsafe(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: "postgres", url: url.toString(), poolSize: 4 });
  await handle.migrate();
  const sql = postgres(url.toString(), { max: 1, onnotice: () => undefined });
  let [{ n } = { n: 0 }] = await sql<{ n: number }[]>`select count(*)::int as n from classifieds`;
  for (let seed = 1; n < targetClassifieds; seed += 1) {
    const started = Date.now();
    const properties = Math.ceil((targetClassifieds - n) / 2);
    await insertGeneratedListings(handle.db, { properties, seed: seed * 7_919 + n, maxClassifiedsPerProperty: 3 });
    [{ n } = { n: 0 }] = await sql<{ n: number }[]>`select count(*)::int as n from classifieds`;
    console.log(`generated ${properties} properties in ${((Date.now() - started) / 1000).toFixed(0)} s: ${n} classifieds`);
  }
  await sql`analyze`;
  await sql.end();
  await handle.close();
  return url.toString();
}

async function startTargets(url: string): Promise<{ child: ChildProcess; gateway: number; baseline: number }> {
  const child = spawn(process.execPath, [...LISTINGS_NODE_FLAGS, "--import", "tsx", "bench/rest-targets.ts", url, String(POOL_SIZE)], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const ports = await new Promise<{ gateway: number; baseline: number }>((resolve, reject) => {
    let buffer = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      buffer += chunk.toString("utf8");
      const line = buffer.split("\n").find((l) => l.startsWith("{"));
      if (line) resolve(JSON.parse(line) as { gateway: number; baseline: number }); // the child's one JSON line
    });
    child.once("exit", (code) => reject(new Error(`targets exited with ${code}`)));
  });
  return { child, ...ports };
}

async function main(): Promise<void> {
  const url = await prepareDatabase();
  const sql = postgres(url, { max: 1, onnotice: () => undefined });
  const propertyIds = (await sql<{ id: string }[]>`select id from properties order by random() limit 5000`).map((r) => r.id);
  // Listing URLs as the matching knows them (the generator's source URLs are not all canonical spellings).
  const sourceUrls = (await sql<{ key: string }[]>`select url_key as key from classifieds order by random() limit 5000`).map((r) => `https://www.${r.key}`);
  const [{ classifieds, properties } = { classifieds: 0, properties: 0 }] = await sql<
    { classifieds: number; properties: number }[]
  >`select (select count(*)::int from classifieds) as classifieds, (select count(*)::int from properties) as properties`;
  const handle = await openDatabase({ kind: "postgres", url, poolSize: 2 });
  const tokens = await readTokens(handle.db, 50, "bench");
  await handle.close();
  await sql.end();

  const pick = <T>(values: readonly T[]): T => values[Math.floor(Math.random() * values.length)] as T; // index < length
  const departments = ["75", "69", "13", "33", "2A", "971"];
  const searchBody = () =>
    JSON.stringify({
      transactionType: "sale",
      propertyTypes: ["apartment", "house"],
      locationDepartments: [pick(departments)],
      transactionPriceMin: 100_000,
      transactionPriceMax: 600_000,
      propertyAreaMin: 30,
      sortBy: "price",
      orderBy: "asc",
      page: 1 + Math.floor(Math.random() * 3),
    });
  // Lookups as clients paste them: tracking parameters and a fragment the matching must ignore.
  const lookupPath = () => `/public/v1/classifieds/lookup?url=${encodeURIComponent(`${pick(sourceUrls)}?utm_source=bench#top`)}`;
  const scenarios: Scenario[] = [
    { name: "GET /properties/{id}", connections: 50, request: () => ({ method: "GET", path: `/public/v1/properties/${pick(propertyIds)}`, token: true }) },
    { name: "GET /classifieds/lookup", connections: 50, request: () => ({ method: "GET", path: lookupPath(), token: true }) },
    {
      name: "POST /properties/search (filtered)",
      connections: 50,
      request: () => ({ method: "POST", path: "/public/v1/properties/search", body: searchBody(), token: true }),
    },
    {
      name: "POST /properties/search (filtered), 8 connections",
      connections: 8,
      request: () => ({ method: "POST", path: "/public/v1/properties/search", body: searchBody(), token: true }),
    },
  ];

  const targets = await startTargets(url);
  try {
    await checkSameAnswers(targets.gateway, targets.baseline, tokens[0] ?? "", propertyIds[0] ?? "");
    console.log(`\nREST v1 bench: ${classifieds} classifieds, ${properties} properties, PostgreSQL, pool ${POOL_SIZE}, ${duration} s per run\n`);
    console.log("| operation | server | connections | req/s | p50 ms | p95 ms | p99 ms | non-2xx | server CPU ms/req | vs baseline |");
    console.log("|---|---|---|---|---|---|---|---|---|---|");
    for (const scenario of scenarios) {
      const figures: Record<string, Figures> = {};
      for (const [server, port] of [
        ["baseline", targets.baseline],
        ["gateway", targets.gateway],
      ] as const) {
        await load(port, tokens, scenario, 2); // warm-up: JIT, pools, caches
        figures[server] = await load(port, tokens, scenario, duration, targets.child.pid);
      }
      for (const server of ["baseline", "gateway"] as const) {
        const f = figures[server];
        if (!f) continue;
        const ratio = server === "gateway" && figures["baseline"] ? `${(f.rps / figures["baseline"].rps).toFixed(2)}x` : "";
        const ms = (value: number) => value.toFixed(1);
        console.log(
          `| ${scenario.name} | ${server} | ${scenario.connections} | ${f.rps.toFixed(0)} | ${ms(f.p50)} | ${ms(f.p95)} | ${ms(f.p99)} | ${f.non2xx} | ${f.cpuMsPerRequest.toFixed(2)} | ${ratio} |`,
        );
      }
    }
  } finally {
    targets.child.kill("SIGTERM");
    if (!keep) {
      await new Promise((resolve) => targets.child.once("exit", resolve));
      const admin = postgres(serverUrl, { max: 1, onnotice: () => undefined });
      await admin.unsafe(`drop database if exists ${new URL(url).pathname.slice(1)} with (force)`);
      await admin.end();
    }
  }
}

/** Both servers must answer a property with the same JSON, or the comparison means nothing. */
async function checkSameAnswers(gateway: number, baseline: number, token: string, propertyId: string): Promise<void> {
  const get = async (port: number) => {
    const response = await fetch(`http://127.0.0.1:${port}/public/v1/properties/${propertyId}`, { headers: { authorization: `Bearer ${token}` } });
    if (response.status !== 200) throw new Error(`port ${port} answered ${response.status}`);
    return (await response.json()) as unknown;
  };
  const [ours, theirs] = await Promise.all([get(gateway), get(baseline)]);
  if (!isDeepStrictEqual(ours, theirs)) throw new Error("gateway and baseline disagree on the same property");
}

await main();
