/**
 * Property search on PostgreSQL with many properties: loads generated properties into a new database, then
 * for a few representative searches prints the query plan (EXPLAIN ANALYZE of the SQL the search runs) and
 * the median and p95 time of the whole search call.
 *
 *   npx tsx bench/search-plan.ts postgres://postgres@127.0.0.1:5432/postgres [properties=50000] [--plans] [--keep]
 *
 * The URL names a server and a database to connect to for `create database`. The bench database is dropped
 * at the end, unless `--keep`: then it is named after the property count and reused by the next run.
 */
import { randomBytes } from "node:crypto";
import { performance } from "node:perf_hooks";
import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { openDatabase } from "../src/db/client.js";
import * as schema from "../src/db/schema/index.js";
import type { Contract } from "../src/domain/contract.js";
import { searchProperties } from "../src/modules/search/search.service.js";
import type { PropertySearchFilter, PropertySearchSort } from "../src/modules/search/search.types.js";
import { buildSearchFixtures, insertSearchFixtures, SEARCH_PUBLISHERS, seededRandom } from "../test/factories/search-properties.js";

type Case = { name: string; contract: Contract; filter: PropertySearchFilter; sort: PropertySearchSort; offset?: number };

const everywhere: Contract = { allDepartments: true, departments: [], sirens: [], sirets: [] };
const newest: PropertySearchSort = { by: "firstSeenAt", order: "desc" };

const CASES: Case[] = [
  {
    name: "sale apartments+houses in 75, newest",
    contract: everywhere,
    sort: newest,
    filter: { transactionType: "sale", propertyTypes: ["apartment", "house"], locationDepartments: ["75"] },
  },
  {
    name: "sale houses, price and area ranges, garden, by price",
    contract: everywhere,
    sort: { by: "price", order: "asc" },
    filter: {
      transactionType: "sale",
      propertyTypes: ["house"],
      transactionPriceMin: 150_000,
      transactionPriceMax: 600_000,
      propertyAreaMin: 60,
      propertyGardenExists: true,
    },
  },
  {
    name: "rent, 5 km circle around Paris 11e",
    contract: everywhere,
    sort: newest,
    filter: { transactionType: "rent", propertyTypes: ["apartment"], locationGeoCircle: { center: { lat: 48.8593, lng: 2.3795 }, radiusMeters: 5_000 } },
  },
  {
    name: "sale, price changed, by price change date",
    contract: everywhere,
    sort: { by: "priceChangeDate", order: "desc" },
    filter: { transactionType: "sale", propertyTypes: ["apartment", "house"], transactionPriceHasChanged: true },
  },
  {
    name: "sale apartments, page 400 (offset 7980)",
    contract: everywhere,
    sort: newest,
    offset: 7_980,
    filter: { transactionType: "sale", propertyTypes: ["apartment"] },
  },
  {
    name: "contract: departments 75+92 and two SIRENs",
    contract: { allDepartments: false, departments: ["75", "92"], sirens: [SEARCH_PUBLISHERS[0].siren, SEARCH_PUBLISHERS[1].siren], sirets: [] },
    sort: newest,
    filter: { transactionType: "sale", propertyTypes: ["apartment", "house"] },
  },
  {
    name: "text 'maison avec jardin', newest",
    contract: everywhere,
    sort: newest,
    filter: { transactionType: "sale", propertyTypes: ["house", "apartment"], searchQuery: "maison avec jardin" },
  },
  {
    name: "text 'maison jardn piscine', by relevance",
    contract: everywhere,
    sort: { by: "relevance", order: "desc" },
    filter: { transactionType: "sale", propertyTypes: ["house", "apartment"], searchQuery: "maison jardn piscine" },
  },
  {
    name: "text 'vitrine' in 69, by relevance",
    contract: everywhere,
    sort: { by: "relevance", order: "desc" },
    filter: { transactionType: "sale", propertyTypes: ["shop", "premises"], locationDepartments: ["69"], searchQuery: "vitrine" },
  },
];

async function main(): Promise<void> {
  const [serverUrl, countArgument] = process.argv.slice(2).filter((a) => !a.startsWith("--"));
  const showPlans = process.argv.includes("--plans");
  const keep = process.argv.includes("--keep");
  if (!serverUrl) throw new Error("usage: npx tsx bench/search-plan.ts <postgres url> [properties] [--plans]");
  const count = Number(countArgument ?? 50_000);
  const name = keep ? `search_bench_${count}` : `search_bench_${randomBytes(4).toString("hex")}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => undefined });
  const existing = await admin`select 1 from pg_database where datname = ${name}`;
  if (existing.length === 0) await admin.unsafe(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: "postgres", url: url.toString(), poolSize: 2 });
  try {
    await handle.migrate();
    const client = postgres(url.toString(), { max: 1, onnotice: () => undefined });
    const [loaded] = await client`select count(*)::int as n from properties`;
    if (loaded?.["n"] !== count) {
      const started = performance.now();
      await client`truncate properties cascade`;
      await insertSearchFixtures(handle.db, buildSearchFixtures(count, 42), 1_000);
      console.log(`loaded ${count} properties in ${Math.round(performance.now() - started)} ms`);
    }
    const [vocabulary] = await client`select count(*)::int as n from search_lexemes`;
    if (Number(vocabulary?.["n"]) < VOCABULARY_SIZE) {
      // Generated listings share a small vocabulary; real ones have tens of thousands of words. Pad the
      // vocabulary so that typo lookups run against an index of a realistic size.
      await client`insert into search_lexemes (lexeme) select unnest(${syntheticWords(VOCABULARY_SIZE)}::text[])`;
    }
    await client`analyze`;

    // A second Drizzle instance that records the SQL the search sends, to EXPLAIN exactly that.
    const captured: { query: string; params: unknown[] }[] = [];
    const recording = drizzle(client, { schema, logger: { logQuery: (query, params) => captured.push({ query, params }) } });
    for (const c of CASES) {
      const page = { offset: c.offset ?? 0, limit: 20 };
      const times: number[] = [];
      let total = 0;
      for (let i = 0; i < 25; i += 1) {
        const t0 = performance.now();
        total = (await searchProperties(handle.db, c.contract, c.filter, c.sort, page)).total;
        times.push(performance.now() - t0);
      }
      times.sort((a, b) => a - b);
      console.log(`\n## ${c.name}: total ${total}, median ${ms(times[12])}, p95 ${ms(times[23])}`);
      if (!showPlans) continue;
      captured.length = 0;
      await searchProperties(recording, c.contract, c.filter, c.sort, page);
      // Replayed in one transaction, so a threshold the search sets applies to the statements it explains.
      await client.begin(async (tx) => {
        for (const statement of captured) {
          const params = statement.params as postgres.ParameterOrJSON<never>[];
          if (statement.query.includes("set_config")) await tx.unsafe(statement.query, params);
          else if (statement.query.startsWith("select")) {
            const plan = await tx.unsafe(`explain (analyze, buffers off) ${statement.query}`, params);
            console.log(plan.map((row) => row["QUERY PLAN"]).join("\n"));
          }
        }
      });
    }
    await client.end();
  } finally {
    await handle.close();
    if (!keep) await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

const VOCABULARY_SIZE = 80_000;

/** Distinct pronounceable pseudo-words of 2 to 5 syllables, deterministic. */
function syntheticWords(count: number): string[] {
  const syllables = [
    "ba",
    "be",
    "bi",
    "bou",
    "ca",
    "ce",
    "cha",
    "che",
    "da",
    "de",
    "di",
    "fa",
    "fe",
    "ga",
    "gi",
    "la",
    "le",
    "li",
    "lou",
    "ma",
    "me",
    "mi",
    "mo",
    "na",
    "ne",
    "no",
    "pa",
    "pe",
    "pi",
    "po",
    "ra",
    "re",
    "ri",
    "ro",
    "sa",
    "se",
    "si",
    "so",
    "ta",
    "te",
    "ti",
    "to",
    "va",
    "ve",
    "vi",
  ];
  const words = new Set<string>();
  const next = seededRandom(7);
  while (words.size < count) {
    const length = 2 + Math.floor(next() * 4);
    words.add(Array.from({ length }, () => syllables[Math.floor(next() * syllables.length)]).join(""));
  }
  return [...words];
}

function ms(value: number | undefined): string {
  return `${(value ?? Number.NaN).toFixed(1)} ms`;
}

await main();
