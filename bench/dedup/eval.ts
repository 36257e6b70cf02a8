/**
 * `npm run eval:dedup`: how well the ingest groups listings into properties, on a feed made by a model of the
 * real world (generate.ts), the truth kept apart. Ingests the feed through the real pipeline into a fresh
 * database, reads back each classified's property, and prints pairwise precision, recall and F1, recall per kind
 * of duplicate, false merges per kind of look-alike, and how much another arrival order changes.
 *
 *   npm run eval:dedup                                  # 3,000 objects, seed 1, embedded database
 *   npm run eval:dedup -- --objects 1000 --seed 7 --orders 1
 *   npm run eval:dedup -- --database-url postgres://postgres@127.0.0.1:5432/test --json out.json
 *   npm run eval:dedup -- --write-feed DIR              # writes feed.ndjson and truth.json, evaluates nothing
 *   npm run eval:dedup -- --feed DIR                    # evaluates another feed: DIR/feed.ndjson, DIR/truth.json
 *
 * A measurement, not a test: it exits 0 whether the targets are met or not.
 */
import { randomBytes } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import postgres from "postgres";
import { openDatabase, type DatabaseHandle } from "../../src/db/client.js";
import { classifieds } from "../../src/db/schema/index.js";
import { canonicalUrlKey } from "../../src/domain/url-key.js";
import { ingestLines } from "../../src/modules/ingest/ingest.service.js";
import { handLabelledCases } from "./cases.js";
import { truthPairs } from "./categories.js";
import { generateFeed, type GeneratedFeed, type ListingTruth } from "./generate.js";
import { orderSensitivity, pairsTogether, quality, shareTogether } from "./metrics.js";
import { Random } from "./random.js";
import { explainMistakes } from "./explain.js";

const { values: args } = parseArgs({
  options: {
    objects: { type: "string", default: "3000" },
    seed: { type: "string", default: "1" },
    orders: { type: "string", default: "2" },
    "database-url": { type: "string" },
    json: { type: "string" },
    "write-feed": { type: "string" },
    feed: { type: "string" },
    explain: { type: "string", default: "0" },
  },
});

const TARGETS = { f1: 0.95, hardNegativeMerges: 0.02, orderChanges: 0.01 };

async function main(): Promise<void> {
  const objects = Number(args.objects);
  const seed = Number(args.seed);
  const feed = args.feed === undefined ? generateFeed({ objects, seed }) : await readFeed(args.feed);
  if (args["write-feed"] !== undefined) {
    await mkdir(args["write-feed"], { recursive: true });
    await writeFile(path.join(args["write-feed"], "feed.ndjson"), `${feed.lines.join("\n")}\n`);
    await writeFile(path.join(args["write-feed"], "truth.json"), JSON.stringify(feed.truth));
    console.log(`wrote ${feed.lines.length} lines and the truth of ${feed.truth.length} listings to ${args["write-feed"]}`);
    return;
  }
  console.log(`feed: ${args.feed ?? `${objects} objects, seed ${seed}`}: ${feed.truth.length} listings, ${feed.lines.length} lines`);
  const started = Date.now();
  const grouping = await groupingOf(feed.lines, Number(args.explain) > 0 ? feed.truth : undefined);
  console.log(`ingested in ${((Date.now() - started) / 1000).toFixed(1)} s (${args["database-url"] === undefined ? "embedded database" : "PostgreSQL"})`);

  const report = evaluate(feed.truth, grouping);
  const orders: number[] = [];
  for (let order = 1; order <= Number(args.orders); order += 1) {
    const other = await groupingOf(reordered(feed.lines, seed * 1_000 + order));
    orders.push(
      orderSensitivity(
        report.predicted,
        pairsTogether(
          feed.truth.map((listing) => listing.url),
          (url) => other.get(url),
        ),
      ),
    );
  }
  const cases = handLabelledCases();
  const casesReport = evaluate(cases.truth, await groupingOf(cases.lines));

  const worstOrder = orders.length === 0 ? 0 : Math.max(...orders);
  const worstHardNegative = Math.max(
    0,
    ...[...report.hardNegatives.values()].filter((row) => row.category !== "similar flats of one commune").map((row) => row.merged),
  );
  print(report, "generated feed");
  console.log(`\norder sensitivity (pairs grouped differently in another arrival order): ${orders.map(percent).join(", ") || "not measured"}`);
  print(casesReport, `hand-labelled cases (${cases.truth.length} listings)`);
  console.log("\ntargets:");
  console.log(`  F1 >= ${TARGETS.f1}: ${report.overall.f1.toFixed(3)} ${report.overall.f1 >= TARGETS.f1 ? "met" : "NOT met"}`);
  console.log(
    `  hard-negative pairs merged <= ${percent(TARGETS.hardNegativeMerges)} (worst family): ${percent(worstHardNegative)} ${worstHardNegative <= TARGETS.hardNegativeMerges ? "met" : "NOT met"}`,
  );
  console.log(
    `  pairs changed by another order <= ${percent(TARGETS.orderChanges)}: ${percent(worstOrder)} ${worstOrder <= TARGETS.orderChanges ? "met" : "NOT met"}`,
  );
  if (args.json !== undefined) {
    const json = { objects, seed, feed: summary(report), orders, cases: summary(casesReport) };
    await writeFile(args.json, JSON.stringify(json, null, 2));
  }
}

/** A feed made elsewhere (another generator, a labelled sample of a real feed), with its truth in the same shape. */
async function readFeed(directory: string): Promise<GeneratedFeed> {
  const lines = (await readFile(path.join(directory, "feed.ndjson"), "utf8")).split("\n").filter((line) => line.trim() !== "");
  const truth = JSON.parse(await readFile(path.join(directory, "truth.json"), "utf8")) as ListingTruth[];
  return { lines, truth };
}

type Report = ReturnType<typeof evaluate>;

function evaluate(truth: readonly ListingTruth[], grouping: ReadonlyMap<string, string>) {
  const urls = truth.map((listing) => listing.url);
  const predicted = pairsTogether(urls, (url) => grouping.get(url));
  const pairs = truthPairs(truth);
  const overall = quality(pairs.all, predicted);
  const recall = new Map([...pairs.same].map(([category, set]) => [category, { category, pairs: set.size, recall: shareTogether(set, predicted) }]));
  const hardNegatives = new Map(
    [...pairs.hardNegatives].map(([category, set]) => [category, { category, pairs: set.size, merged: shareTogether(set, predicted) }]),
  );
  const objects = new Set(truth.map((listing) => listing.objectId)).size;
  const properties = new Set(urls.map((url) => grouping.get(url))).size;
  return { overall, recall, hardNegatives, predicted, objects, properties };
}

function summary(report: Report) {
  return {
    overall: report.overall,
    recallByCategory: [...report.recall.values()],
    hardNegativeMerges: [...report.hardNegatives.values()],
    objects: report.objects,
    properties: report.properties,
  };
}

function print(report: Report, title: string): void {
  const { overall } = report;
  console.log(`\n${title}: ${report.objects} real objects, ${report.properties} properties made`);
  console.log(
    `  pairwise precision ${overall.precision.toFixed(3)}, recall ${overall.recall.toFixed(3)}, F1 ${overall.f1.toFixed(3)} (${overall.truePositives} pairs right, ${overall.falsePositives} false merges, ${overall.falseNegatives} missed)`,
  );
  console.log("  recall by kind of duplicate:");
  for (const row of [...report.recall.values()].sort((a, b) => b.pairs - a.pairs))
    console.log(`    ${row.category.padEnd(36)} ${String(row.pairs).padStart(6)} pairs  ${percent(row.recall)}`);
  console.log("  look-alike pairs of distinct objects merged:");
  for (const row of [...report.hardNegatives.values()].sort((a, b) => b.pairs - a.pairs))
    console.log(`    ${row.category.padEnd(36)} ${String(row.pairs).padStart(6)} pairs  ${percent(row.merged)}`);
}

/** Each listing's property after ingesting `lines` into a fresh database, by the listing's URL as given. */
async function groupingOf(lines: readonly string[], explainWith?: readonly ListingTruth[]): Promise<Map<string, string>> {
  const database = await freshDatabase();
  try {
    const latest = Math.max(...lines.map((line) => Date.parse(String((JSON.parse(line) as { observedAt: unknown }).observedAt))));
    await ingestLines(database.db, lines, {
      now: () => new Date(latest + 86_400_000),
      onReject: (reject) => console.error(`rejected line ${reject.line}: ${reject.reason}`),
    });
    const rows = await database.db.select({ urlKey: classifieds.urlKey, propertyId: classifieds.propertyId }).from(classifieds);
    const byKey = new Map(rows.map((row) => [row.urlKey, row.propertyId]));
    const grouping = new Map<string, string>();
    for (const line of lines) {
      const url = (JSON.parse(line) as { source: { url: string } }).source.url;
      const propertyId = byKey.get(canonicalUrlKey(url) ?? "");
      if (propertyId !== undefined) grouping.set(url, propertyId);
    }
    if (explainWith !== undefined) await explainMistakes(database, explainWith, grouping, Number(args.explain));
    return grouping;
  } finally {
    await database.close();
  }
}

async function freshDatabase(): Promise<DatabaseHandle> {
  const server = args["database-url"];
  if (server === undefined) {
    const handle = await openDatabase({ kind: "pglite" });
    await handle.migrate();
    return handle;
  }
  const name = `eval_dedup_${randomBytes(4).toString("hex")}`;
  const admin = postgres(server, { max: 1, onnotice: () => undefined });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: "postgres", url: url.toString(), poolSize: 4 });
  await handle.migrate();
  return {
    ...handle,
    async close() {
      await handle.close();
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/** The lines in another order: listings interleaved at random, each listing's own lines still in time order. */
function reordered(lines: readonly string[], seed: number): string[] {
  const random = new Random(seed);
  const shuffled = random.shuffle(lines.map((line, index) => ({ line, index })));
  const byUrl = new Map<string, number[]>();
  shuffled.forEach(({ line }, position) => {
    const url = (JSON.parse(line) as { source: { url: string } }).source.url;
    byUrl.set(url, [...(byUrl.get(url) ?? []), position]);
  });
  const result = new Array<string>(lines.length);
  for (const positions of byUrl.values()) {
    const own = positions.map((position) => shuffled[position] as { line: string; index: number }).sort((a, b) => a.index - b.index);
    positions.forEach((position, rank) => {
      result[position] = (own[rank] as { line: string }).line;
    });
  }
  return result;
}

function percent(value: number): string {
  return `${(value * 100).toFixed(1)}%`;
}

await main();
