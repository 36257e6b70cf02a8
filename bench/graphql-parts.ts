/**
 * Where the CPU of a GraphQL `property(id)` goes, apart from HTTP (`npm run bench:graphql-parts`): the two
 * parts of the request that the gateway and the hand-written baseline of bench/graphql.ts both do, measured in
 * this one process on the same properties, each beside the baseline's way of doing it:
 *   1. reading: the request's DataLoaders over Drizzle's prepared statements (property and its classifieds,
 *      then their images and price history, as the resolvers ask) against the baseline's four postgres.js
 *      queries, 16 properties in flight;
 *   2. answering: graphql-jit executing the operation on rows already loaded (the loaders primed) and the
 *      answer serialised, against the baseline building the same JSON from the same rows and serialising it.
 * What the whole request costs each server under load, and a request that reads nothing, `npm run
 * bench:graphql` prints; the difference is HTTP, Apollo and what load adds (garbage collection).
 *
 *   npm run bench:graphql-parts -- [postgres url of the bench database] [--rounds=5]
 *
 * The default database is the one `npm run bench:graphql -- --keep` leaves (graphql_bench_100000 on the local
 * server); run that first.
 */
import type { DocumentNode } from "graphql";
import { compileQuery, isCompiledQuery } from "graphql-jit";
import { openDatabase } from "../src/db/client.js";
import type { Viewer } from "../src/modules/auth/auth.types.js";
import { createRequestContext, type RequestContext } from "../src/modules/request-context.js";
import { PropertyByIdDocument } from "../src/transports/graphql/generated/graphql.js";
import { jitCompilerOptions } from "../src/transports/graphql/jit-executor.js";
import { servedGraphqlSchema } from "../src/transports/graphql/schema.js";
import { baselineSql, propertiesJson, readPropertyRows, type PropertyRows } from "./graphql-baseline.js";

const args = process.argv.slice(2);
const url = args.find((a) => !a.startsWith("--")) ?? "postgres://postgres@127.0.0.1:5432/graphql_bench_100000";
const rounds = Number(args.find((a) => a.startsWith("--rounds="))?.split("=")[1] ?? 5);
const IN_FLIGHT = 16;
const READS = 6_000;
const ANSWERS = 20_000;

const viewer: Viewer = {
  accountId: "00000000-0000-4000-8000-000000000000",
  email: "bench@example.fr",
  plan: "enterprise500",
  contract: { allDepartments: true, departments: [], sirens: [], sirets: [] },
  tokenId: "00000000-0000-4000-8000-000000000001",
  tokenName: "bench",
  tokenCreatedAt: new Date(),
  scopes: ["read"],
};
const logger = { debug() {}, info() {}, warn() {}, error() {} };

type Loaded = { id: string; rows: PropertyRows; prime(ctx: RequestContext): void };

/** CPU microseconds per call of `run` over `count` calls, `inFlight` at a time. */
async function cpuPerCall(count: number, inFlight: number, run: (index: number) => Promise<unknown>): Promise<number> {
  let next = 0;
  const before = process.cpuUsage();
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < count) await run(next++);
    }),
  );
  const used = process.cpuUsage(before);
  return (used.user + used.system) / count;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

async function main(): Promise<void> {
  const handle = await openDatabase({ kind: "postgres", url, poolSize: 10 });
  const sql = baselineSql(url, 10);
  try {
    const ids = (await sql<{ id: string }[]>`select id from properties order by random() limit 2000`).map((row) => row.id);
    if (ids.length === 0) throw new Error(`no properties in ${url}: run \`npm run bench:graphql -- --keep\` first`);

    const gatewayRead = async (id: string) => {
      const ctx = createRequestContext({ db: handle.db, primaryDb: handle.db, viewer, requestId: "bench", logger });
      const [property, classifieds] = await Promise.all([ctx.loaders.propertyById.load(id), ctx.loaders.classifiedsByPropertyId.load(id)]);
      const classifiedIds = [...new Set([...classifieds.map((c) => c.id), ...(property?.leadClassifiedId ? [property.leadClassifiedId] : [])])];
      const [images, history] = await Promise.all([
        Promise.all(classifiedIds.map((cid) => ctx.loaders.imagesByClassifiedId.load(cid))),
        Promise.all(classifiedIds.map((cid) => ctx.loaders.priceHistoryByClassifiedId.load(cid))),
      ]);
      return { property, classifieds, classifiedIds, images, history };
    };

    // The rows of a few hundred properties, loaded once each way, for the answering part.
    const loaded: Loaded[] = [];
    for (const id of ids.slice(0, 300)) {
      const read = await gatewayRead(id);
      loaded.push({
        id,
        rows: await readPropertyRows(sql, [id]),
        prime(ctx) {
          ctx.loaders.propertyById.prime(id, read.property);
          ctx.loaders.classifiedsByPropertyId.prime(id, read.classifieds);
          read.classifiedIds.forEach((cid, index) => {
            ctx.loaders.imagesByClassifiedId.prime(cid, read.images[index] ?? []);
            ctx.loaders.priceHistoryByClassifiedId.prime(cid, read.history[index] ?? []);
          });
        },
      });
    }

    const schema = await servedGraphqlSchema();
    // As the server compiles it: an untyped document (Apollo hands the executor a plain DocumentNode).
    const document: DocumentNode = PropertyByIdDocument;
    const compiled = compileQuery(schema, document, undefined, jitCompilerOptions(schema, { rawLeaves: true }));
    if (!isCompiledQuery(compiled)) throw new Error("PropertyById does not compile");
    const gatewayAnswer = async (item: Loaded) => {
      const ctx = createRequestContext({ db: handle.db, primaryDb: handle.db, viewer, requestId: "bench", logger });
      item.prime(ctx);
      const result = await compiled.query(undefined, ctx, { id: item.id });
      if (result.errors) throw new Error(result.errors.map((error) => error.message).join("; "));
      return JSON.stringify(result);
    };
    const baselineAnswer = async (item: Loaded) => JSON.stringify({ property: propertiesJson(item.rows, [item.id])[0] ?? null });

    const pick = (index: number) => ids[index % ids.length] ?? "";
    const item = (index: number) => loaded[index % loaded.length] as Loaded; // index modulo a non-empty list
    const figures = { gatewayRead: [] as number[], baselineRead: [] as number[], gatewayAnswer: [] as number[], baselineAnswer: [] as number[] };
    for (let round = 0; round < rounds; round += 1) {
      figures.baselineRead.push(await cpuPerCall(READS, IN_FLIGHT, (i) => readPropertyRows(sql, [pick(i)])));
      figures.gatewayRead.push(await cpuPerCall(READS, IN_FLIGHT, (i) => gatewayRead(pick(i))));
      figures.baselineAnswer.push(await cpuPerCall(ANSWERS, 1, (i) => baselineAnswer(item(i))));
      figures.gatewayAnswer.push(await cpuPerCall(ANSWERS, 1, (i) => gatewayAnswer(item(i))));
    }
    const cell = (values: number[]) => `${median(values).toFixed(0)} µs (${values.map((v) => v.toFixed(0)).join(", ")})`;
    console.log(`\nGraphQL property(id) by parts, in one process, CPU per property, median of ${rounds} rounds (each round):\n`);
    console.log("| part | gateway | baseline |");
    console.log("|---|---|---|");
    console.log(`| reading (4 statements, ${IN_FLIGHT} in flight) | ${cell(figures.gatewayRead)} | ${cell(figures.baselineRead)} |`);
    console.log(`| answering (execute + serialise / build + serialise) | ${cell(figures.gatewayAnswer)} | ${cell(figures.baselineAnswer)} |`);
  } finally {
    await sql.end();
    await handle.close();
  }
}

await main();
