/**
 * `--explain N`: prints N missed pairs and N false merges of each category with the match weight of every
 * feature, to see why the model decided as it did.
 */
import { sql } from "drizzle-orm";
import type { DatabaseHandle } from "../../src/db/client.js";
import { classifieds } from "../../src/db/schema/index.js";
import { canonicalUrlKey } from "../../src/domain/url-key.js";
import { scorePair } from "../../src/domain/grouping/pair-score.js";
import { groupingRecordOf } from "../../src/modules/ingest/property-assignment.js";
import { truthPairs } from "./categories.js";
import type { ListingTruth } from "./generate.js";

export async function explainMistakes(database: DatabaseHandle, truth: readonly ListingTruth[], grouping: ReadonlyMap<string, string>, count: number): Promise<void> {
  const rows = await database.db.select().from(classifieds).where(sql`true`);
  const byKey = new Map(rows.map((row) => [row.urlKey, row]));
  const recordOf = (url: string) => {
    const row = byKey.get(canonicalUrlKey(url) ?? "");
    return row === undefined ? undefined : groupingRecordOf(row);
  };
  const pairs = truthPairs(truth);
  const show = (title: string, pair: string) => {
    const [a, b] = pair.split(" ") as [string, string];
    const x = recordOf(a);
    const y = recordOf(b);
    if (x === undefined || y === undefined) return;
    const parts: string[] = [];
    const score = scorePair(x, y, undefined, (feature, points) => {
      if (points !== 0) parts.push(`${feature} ${points === Number.NEGATIVE_INFINITY ? "CONFLICT" : points.toFixed(1)}`);
    });
    console.log(`  [${title}] ${score.toFixed(1)}: ${parts.join(", ")}\n      ${a}\n      ${b}`);
  };
  for (const [category, set] of pairs.same) {
    console.log(`missed: ${category}`);
    [...set].filter((pair) => { const [a, b] = pair.split(" ") as [string, string]; return grouping.get(a) !== grouping.get(b); }).slice(0, count).forEach((pair) => show(category, pair));
  }
  for (const [category, set] of pairs.hardNegatives) {
    console.log(`merged: ${category}`);
    [...set].filter((pair) => { const [a, b] = pair.split(" ") as [string, string]; return grouping.get(a) === grouping.get(b); }).slice(0, count).forEach((pair) => show(category, pair));
  }
}
