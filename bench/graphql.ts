/**
 * GraphQL bench on PostgreSQL (`npm run bench:graphql`; `npm run bench` runs it, then the REST v1 bench): two
 * operations on the gateway, each beside a hand-written postgres.js baseline serving the same JSON
 * (bench/graphql-baseline.ts), measured in the same run:
 *   - `property(id) { ...every field... classifieds { ...every field... } }` for random ids, POSTed with its text,
 *     then the same sent as a persisted query (its hash and variables in a GET, as clients that persist their
 *     queries send it);
 *   - a filtered `properties(first: 20)` (department, type, price and area; by price), every field of each
 *     property and of its classifieds.
 * Each operation runs `--rounds` times on each server, baseline and gateway alternating; prints the median
 * of the rounds per server (req/s, p50, p99, CPU per request) and the median of the rounds' gateway/baseline
 * ratios with each round's, then what a request that reads no data costs the gateway (`{ __typename }`), and
 * the gateway's peak memory.
 *
 *   npm run bench:graphql -- [postgres server url] [--classifieds=100000] [--duration=10] [--connections=32] [--rounds=3] [--keep] [--profile] [--against=DIR | --reference-fast-paths=LIST]
 *
 * The URL names a server to `create database` on (default postgres://postgres@127.0.0.1:5432/postgres). The
 * bench database is dropped at the end unless `--keep`, which names it after the size and reuses it. Each
 * server runs in its own child process; the load generator (autocannon) runs here. `--profile` writes a V8 CPU
 * profile of each server to the system temporary folder (open it in Chrome DevTools).
 *
 * `--against=DIR` measures this checkout's gateway against the gateway of another checkout of the project (its
 * dependencies installed, e.g. a `git worktree` of an earlier commit) instead of the baseline, with the same
 * requests, tokens and alternation: what a change does, each round pairing the two on the machine's speed of
 * the moment.
 *
 * `--reference-fast-paths=LIST` measures this checkout's gateway (every fast path on) against itself with only
 * the fast paths in LIST on (`none`, or a list such as `jit,raw-leaves`; FAST_PATHS in README): what they give.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { tmpdir } from "node:os";
import { isDeepStrictEqual } from "node:util";
import autocannon from "autocannon";
import { print } from "graphql";
import postgres from "postgres";
import { openDatabase } from "../src/db/client.js";
import { createToken } from "../src/modules/auth/auth.service.js";
import { PropertyByIdDocument, SearchPropertiesDocument } from "../src/transports/graphql/generated/graphql.js";
import { insertGeneratedListings } from "../test/factories/generated-listings.js";
import type { BaselineSearch } from "./graphql-baseline.js";
import { LISTINGS_NODE_FLAGS } from "./listings-node-flags.js";

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => Number(args.find((a) => a.startsWith(`--${name}=`))?.split("=")[1] ?? fallback);
const serverUrl = args.find((a) => !a.startsWith("--")) ?? "postgres://postgres@127.0.0.1:5432/postgres";
const targetClassifieds = option("classifieds", 100_000);
const duration = option("duration", 10);
const connections = option("connections", 32);
/** Runs of each server per operation, alternating, so that a drift of the machine's speed hits both alike. */
const rounds = Math.max(1, option("rounds", 3));
const keep = args.includes("--keep");
const profile = args.includes("--profile");
const against = args.find((a) => a.startsWith("--against="))?.slice("--against=".length);
const referenceFastPaths = args.find((a) => a.startsWith("--reference-fast-paths="))?.slice("--reference-fast-paths=".length);
/** The reference is a gateway too (another checkout's, or this one's with fewer fast paths), sent the same requests. */
const versusGateway = against !== undefined || referenceFastPaths !== undefined;
const POOL_SIZE = 10;

type Figures = { rps: number; p50: number; p99: number; failures: number; requests: number };
type Usage = { peakRssMb: number; cpuMs: number };
type Request = { method: "GET" | "POST"; path: string; body?: string };
type Target = { child: ChildProcess; port: number; report(): Promise<Usage> };
type Measured = Figures & { cpuPerRequest: number };

async function prepareDatabase(): Promise<string> {
  const name = keep ? `graphql_bench_${targetClassifieds}` : `graphql_bench_${randomBytes(4).toString("hex")}`;
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

/**
 * Starts a server: `role` from this checkout, or the gateway of the checkout in `checkout`; a gateway with the
 * fast paths `fastPaths` (FAST_PATHS), all by default.
 */
async function startTarget(role: "gateway" | "baseline", url: string, reference?: { checkout?: string; fastPaths?: string }): Promise<Target> {
  const checkout = reference?.checkout;
  // NODE_ENV=production as in deployment: graphql-js skips its development-only checks.
  const name = reference === undefined ? role : "reference";
  const profiling = profile ? ["--cpu-prof", `--cpu-prof-dir=${tmpdir()}`, `--cpu-prof-name=graphql-bench-${name}.cpuprofile`] : [];
  const child = spawn(process.execPath, [...profiling, ...LISTINGS_NODE_FLAGS, "--import", "tsx", "bench/graphql-targets.ts", role, url, String(POOL_SIZE)], {
    cwd: checkout,
    stdio: ["pipe", "pipe", "inherit"],
    env: { ...process.env, NODE_ENV: "production", FAST_PATHS: reference?.fastPaths ?? "all" },
  });
  const lines: ((line: string) => void)[] = [];
  let buffer = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    buffer += chunk.toString("utf8");
    let end = buffer.indexOf("\n");
    while (end >= 0) {
      const line = buffer.slice(0, end);
      buffer = buffer.slice(end + 1);
      if (line.startsWith("{")) lines.shift()?.(line);
      end = buffer.indexOf("\n");
    }
  });
  const nextLine = () => new Promise<string>((resolve) => lines.push(resolve));
  const started = nextLine();
  const port = await Promise.race([
    started.then((line) => (JSON.parse(line) as { port: number }).port), // the child's first JSON line
    new Promise<never>((_, reject) => child.once("exit", (code) => reject(new Error(`${role} exited with ${code}`)))),
  ]);
  return {
    child,
    port,
    async report() {
      const answer = nextLine();
      child.stdin?.write("report\n");
      return JSON.parse(await answer) as Usage; // the child's report line
    },
  };
}

const median = (values: readonly number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

/** Each figure's median over several runs (failures are summed). */
function medianOf(runs: readonly Measured[]): Measured {
  const of = (pick: (run: Measured) => number) => median(runs.map(pick));
  return {
    rps: of((run) => run.rps),
    p50: of((run) => run.p50),
    p99: of((run) => run.p99),
    cpuPerRequest: of((run) => run.cpuPerRequest),
    requests: runs.reduce((sum, run) => sum + run.requests, 0),
    failures: runs.reduce((sum, run) => sum + run.failures, 0),
  };
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

async function load(port: number, headers: Record<string, string>[], next: () => Request, seconds: number): Promise<Figures> {
  const latencies: number[] = [];
  let failures = 0;
  let turn = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: `http://127.0.0.1:${port}`,
        connections,
        duration: seconds,
        requests: [
          {
            setupRequest(request) {
              const { method, path, body } = next();
              turn = (turn + 1) % headers.length;
              return { ...request, method, path, body, headers: { "content-type": "application/json", ...headers[turn] } };
            },
          },
        ],
      },
      (error: unknown, finished: autocannon.Result) => (error ? reject(error) : resolve(finished)),
    );
    instance.on("response", (_client, statusCode, _bytes, responseTime) => {
      latencies.push(responseTime);
      if (statusCode !== 200) failures += 1;
    });
  });
  latencies.sort((a, b) => a - b);
  return {
    rps: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    failures: failures + result.errors + result.timeouts,
    requests: latencies.length,
  };
}

const pick = <T>(values: readonly T[]): T => values[Math.floor(Math.random() * values.length)] as T; // index < length
const DEPARTMENTS = ["75", "69", "13", "33", "2A", "971"];

function searchFilter(): BaselineSearch {
  const priceMin = 100_000 + Math.floor(Math.random() * 4) * 50_000;
  return { department: pick(DEPARTMENTS), priceMin, priceMax: priceMin + 400_000, areaMin: 30 };
}

function graphqlSearch(filter: BaselineSearch): string {
  return JSON.stringify({
    query: print(SearchPropertiesDocument),
    variables: {
      first: 20,
      orderBy: { field: "price", direction: "asc" },
      filter: {
        departments: [filter.department],
        transactionType: "sale",
        propertyTypes: ["apartment", "house"],
        price: { min: filter.priceMin, max: filter.priceMax },
        area: { min: filter.areaMin },
      },
    },
  });
}

async function main(): Promise<void> {
  const url = await prepareDatabase();
  const sql = postgres(url, { max: 1, onnotice: () => undefined });
  const propertyIds = (await sql<{ id: string }[]>`select id from properties order by random() limit 5000`).map((r) => r.id);
  const [{ classifieds, properties } = { classifieds: 0, properties: 0 }] = await sql<
    { classifieds: number; properties: number }[]
  >`select (select count(*)::int from classifieds) as classifieds, (select count(*)::int from properties) as properties`;
  await sql.end();
  const handle = await openDatabase({ kind: "postgres", url, poolSize: 2 });
  // A few clients with a token each: enough that no token meets its plan's rate limit (30,000 a minute on
  // enterprise500), few enough that the gateway's token cache (3 s) answers almost every authentication.
  const tokenHeaders: Record<string, string>[] = [];
  for (let i = 0; i < 8; i += 1) {
    const { secret } = await createToken(handle.db, {
      email: `graphql-bench-${i}@example.fr`,
      name: `bench ${i}`,
      plan: "enterprise500",
      contract: { allDepartments: true, departments: [], sirens: [], sirets: [] },
      scopes: ["read"],
    });
    tokenHeaders.push({ authorization: `Bearer ${secret}` });
  }
  await handle.close();

  const propertyQuery = print(PropertyByIdDocument);
  // The same operation as a persisted query (Apollo's APQ): sent by its hash in a GET, as clients that persist
  // their queries send it; registered once below, before measuring.
  const persistedQuery = { version: 1, sha256Hash: createHash("sha256").update(propertyQuery).digest("hex") };
  const persistedPath = (id: string) =>
    `/graphql?extensions=${encodeURIComponent(JSON.stringify({ persistedQuery }))}&variables=${encodeURIComponent(JSON.stringify({ id }))}`;
  const scenarios = [
    {
      name: "property(id) { …all… classifieds { …all… } }",
      gateway: (): Request => ({ method: "POST", path: "/graphql", body: JSON.stringify({ query: propertyQuery, variables: { id: pick(propertyIds) } }) }),
      baseline: (): Request => ({ method: "GET", path: `/property/${pick(propertyIds)}` }),
    },
    {
      name: "the same, as a persisted query by GET",
      gateway: (): Request => ({ method: "GET", path: persistedPath(pick(propertyIds)) }),
      baseline: (): Request => ({ method: "GET", path: `/property/${pick(propertyIds)}` }),
    },
    {
      name: "properties(first: 20, filter) { …all… classifieds { …all… } }",
      gateway: (): Request => ({ method: "POST", path: "/graphql", body: graphqlSearch(searchFilter()) }),
      baseline: (): Request => ({ method: "POST", path: "/search", body: JSON.stringify(searchFilter()) }),
    },
  ];

  const gateway = await startTarget("gateway", url);
  // The reference: the baseline, or (--against, --reference-fast-paths) another gateway, sent the gateway's requests.
  const baseline = versusGateway
    ? await startTarget("gateway", url, {
        ...(against === undefined ? {} : { checkout: against }),
        ...(referenceFastPaths === undefined ? {} : { fastPaths: referenceFastPaths }),
      })
    : await startTarget("baseline", url);
  const reference = !versusGateway ? "baseline" : against === undefined ? `gateway with FAST_PATHS=${referenceFastPaths}` : `gateway of ${against}`;
  const referenceRequest = (scenario: { gateway(): Request; baseline(): Request }) => (versusGateway ? scenario.gateway : scenario.baseline);
  const referenceHeaders = versusGateway ? tokenHeaders : [{}];
  try {
    const registration = { query: propertyQuery, variables: { id: propertyIds[0] }, extensions: { persistedQuery } };
    if (versusGateway) await checkSameGatewayAnswers(gateway.port, baseline.port, tokenHeaders[0] ?? {}, propertyIds[0] ?? "");
    else await checkSameAnswers(gateway.port, baseline.port, tokenHeaders[0] ?? {}, propertyIds[0] ?? "");
    await registerPersistedQuery(gateway.port, tokenHeaders[0] ?? {}, registration);
    if (versusGateway) await registerPersistedQuery(baseline.port, tokenHeaders[0] ?? {}, registration);
    console.log(
      `\nGraphQL bench: ${classifieds} classifieds, ${properties} properties, PostgreSQL, pool ${POOL_SIZE}, ${connections} connections, ${duration} s per run, ${rounds} rounds (medians)\n`,
    );
    console.log(`| operation | server | req/s | p50 ms | p99 ms | CPU ms/request | failures | vs ${reference} |`);
    console.log("|---|---|---|---|---|---|---|---|");
    /** Measures one server under load; also its own CPU time per request, which other load on the machine does not inflate. */
    const measure = async (target: Target, headers: Record<string, string>[], next: () => Request): Promise<Measured> => {
      await load(target.port, headers, next, 2); // warm-up: JIT, pools, caches
      const before = await target.report();
      const figures = await load(target.port, headers, next, duration);
      const after = await target.report();
      return { ...figures, cpuPerRequest: (after.cpuMs - before.cpuMs) / Math.max(1, figures.requests) };
    };
    const baselineCpu: number[] = [];
    for (const scenario of scenarios) {
      const runs: { base: Measured; ours: Measured }[] = [];
      for (let round = 0; round < rounds; round += 1) {
        runs.push({
          base: await measure(baseline, referenceHeaders, referenceRequest(scenario)),
          ours: await measure(gateway, tokenHeaders, scenario.gateway),
        });
      }
      const base = medianOf(runs.map((run) => run.base));
      const ours = medianOf(runs.map((run) => run.ours));
      baselineCpu.push(base.cpuPerRequest);
      const ratios = runs.map((run) => run.ours.rps / run.base.rps);
      const cpuRatios = runs.map((run) => run.base.cpuPerRequest / run.ours.cpuPerRequest);
      const row = (server: string, f: Measured, ratio: string) =>
        `| ${scenario.name} | ${server} | ${f.rps.toFixed(0)} | ${f.p50.toFixed(1)} | ${f.p99.toFixed(1)} | ${f.cpuPerRequest.toFixed(2)} | ${f.failures} | ${ratio} |`;
      console.log(row(reference, base, ""));
      console.log(
        row("gateway", ours, `${median(ratios).toFixed(2)}x (CPU ${median(cpuRatios).toFixed(2)}x); rounds ${ratios.map((r) => r.toFixed(2)).join(", ")}`),
      );
    }
    // What every request costs the gateway before it reads any data: HTTP, Apollo's pipeline, authentication,
    // rate limit, metrics and logs. Set beside the baseline's whole property(id) request.
    const fixed = await measure(gateway, tokenHeaders, () => ({ method: "POST", path: "/graphql", body: JSON.stringify({ query: "{ __typename }" }) }));
    const propertyBaselineCpu = baselineCpu[0] ?? Number.NaN;
    console.log(
      `\nGateway's cost of a request that reads no data (\`{ __typename }\`): ${fixed.cpuPerRequest.toFixed(2)} ms CPU (${fixed.rps.toFixed(0)} req/s),`,
    );
    console.log(
      `${((100 * fixed.cpuPerRequest) / propertyBaselineCpu).toFixed(0)}% of the ${reference}'s CPU for a whole property(id) request (${propertyBaselineCpu.toFixed(2)} ms).`,
    );
    const [gatewayUsage, baselineUsage] = [await gateway.report(), await baseline.report()];
    console.log(`\nPeak memory (RSS): gateway ${gatewayUsage.peakRssMb} MB, ${reference} ${baselineUsage.peakRssMb} MB`);
  } finally {
    const exited = [gateway, baseline].map((target) => new Promise((resolve) => target.child.once("exit", resolve)));
    gateway.child.kill("SIGTERM");
    baseline.child.kill("SIGTERM");
    await Promise.all(exited);
    if (!keep) {
      const admin = postgres(serverUrl, { max: 1, onnotice: () => undefined });
      await admin.unsafe(`drop database if exists ${new URL(url).pathname.slice(1)} with (force)`);
      await admin.end();
    }
  }
}

/** Sends a persisted query with its text once, so that the server knows it by its hash. */
async function registerPersistedQuery(port: number, token: Record<string, string>, body: unknown): Promise<void> {
  const response = await fetch(`http://127.0.0.1:${port}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", ...token },
    body: JSON.stringify(body),
  });
  if (response.status !== 200) throw new Error(`registering the persisted query: ${response.status} ${await response.text()}`);
}

/** With --against, both gateways must answer the same data for the same property and search. */
async function checkSameGatewayAnswers(port: number, otherPort: number, token: Record<string, string>, propertyId: string): Promise<void> {
  const filter = { department: "75", priceMin: 100_000, priceMax: 500_000, areaMin: 30 };
  for (const body of [JSON.stringify({ query: print(PropertyByIdDocument), variables: { id: propertyId } }), graphqlSearch(filter)]) {
    const [ours, theirs] = await Promise.all(
      [port, otherPort].map(async (at) => {
        const response = await fetch(`http://127.0.0.1:${at}/graphql`, { method: "POST", headers: { "content-type": "application/json", ...token }, body });
        if (response.status !== 200) throw new Error(`port ${at} answered ${response.status}`);
        return ((await response.json()) as { data?: unknown }).data; // a GraphQL response
      }),
    );
    if (!isDeepStrictEqual(ours, theirs)) throw new Error("the two gateways disagree on the same request");
  }
}

/** Both servers must answer the same JSON for the same property and search, or the comparison means nothing. */
async function checkSameAnswers(gatewayPort: number, baselinePort: number, token: Record<string, string>, propertyId: string): Promise<void> {
  const post = async (port: number, path: string, body: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`http://127.0.0.1:${port}${path}`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body });
    if (response.status !== 200) throw new Error(`port ${port} answered ${response.status}`);
    return (await response.json()) as { data?: Record<string, unknown>; properties?: unknown }; // both answer JSON
  };
  const gatewayProperty = await post(gatewayPort, "/graphql", JSON.stringify({ query: print(PropertyByIdDocument), variables: { id: propertyId } }), token);
  const baselineProperty = (await (await fetch(`http://127.0.0.1:${baselinePort}/property/${propertyId}`)).json()) as { property: unknown }; // JSON
  if (!isDeepStrictEqual(gatewayProperty.data?.["property"], baselineProperty.property)) {
    throw new Error("gateway and baseline disagree on the same property");
  }
  const filter = { department: "75", priceMin: 100_000, priceMax: 500_000, areaMin: 30 };
  const gatewaySearch = await post(gatewayPort, "/graphql", graphqlSearch(filter), token);
  const baselineSearch = await post(baselinePort, "/search", JSON.stringify(filter));
  if (!isDeepStrictEqual(gatewaySearch.data?.["properties"], baselineSearch.properties)) {
    throw new Error("gateway and baseline disagree on the same search");
  }
}

await main();
