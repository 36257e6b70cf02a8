/**
 * `--explain N`: why the model decided as it did. Prints a tally of the reasons behind every missed pair and
 * every false merge, the observations that weigh most against the missed pairs, what keeps apart the groups of the
 * missed pairs that the model links, then N examples of each category with the match weight of every feature.
 */
import { sql } from "drizzle-orm";
import type { DatabaseHandle } from "../../src/db/client.js";
import { classifieds } from "../../src/db/schema/index.js";
import { canonicalUrlKey } from "../../src/domain/url-key.js";
import { blockPairs, blocksOf, DISTINCT } from "../../src/domain/grouping/cluster.js";
import { areNeighbours } from "../../src/domain/grouping/grouping-zone.js";
import { scorePair, type GroupingRecord } from "../../src/domain/grouping/pair-score.js";
import { MATCH_MODEL } from "../../src/domain/grouping/match-model.js";
import { worthComparing } from "../../src/domain/grouping/pair-features.js";
import { groupingRecordOf } from "../../src/modules/ingest/property-assignment.js";
import { truthPairs } from "./categories.js";
import type { ListingTruth } from "./generate.js";

export async function explainMistakes(
  database: DatabaseHandle,
  truth: readonly ListingTruth[],
  grouping: ReadonlyMap<string, string>,
  count: number,
): Promise<void> {
  const rows = await database.db.select().from(classifieds).where(sql`true`);
  const records = new Map(rows.map((row) => [row.urlKey, groupingRecordOf(row)]));
  const recordOf = (url: string) => records.get(canonicalUrlKey(url) ?? "");
  // Each pair as clustering scores it: the photos it shares counted as clustering counts them (a photo many
  // listings of the block show counts half or nothing), its records without a point that is no address; a pair
  // clustering never compares (areas too far apart) is not in the map.
  const scored = new Map<string, { sharedPhotos: number; x: GroupingRecord; y: GroupingRecord }>();
  for (const block of blocksOf([...records.values()]))
    for (const { sharedPhotos, x, y } of blockPairs(block)) {
      scored.set(`${x.key} ${y.key}`, { sharedPhotos, x, y });
      scored.set(`${y.key} ${x.key}`, { sharedPhotos, x: y, y: x });
    }
  const pairs = truthPairs(truth);
  const explained = (pair: string) => {
    const [a, b] = pair.split(" ") as [string, string];
    const first = recordOf(a);
    const second = recordOf(b);
    if (first === undefined || second === undefined) return undefined;
    const { sharedPhotos, x, y } = scored.get(`${first.key} ${second.key}`) ?? { sharedPhotos: undefined, x: first, y: second };
    const weights: Array<[string, number]> = [];
    let conflict: string | undefined;
    const score = scorePair(x, y, sharedPhotos, (feature, points) => {
      if (points === Number.NEGATIVE_INFINITY) conflict = feature;
      if (points !== 0) weights.push([feature, points]);
    });
    return { a, b, x, y, score, weights, reason: reasonOf(x, y, score, conflict) };
  };
  const tally = (title: string, selected: string[]) => {
    const reasons = new Map<string, number>();
    for (const pair of selected) {
      const reason = explained(pair)?.reason ?? "not stored";
      reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
    }
    console.log(
      `${title}: ${selected.length} pairs; ${[...reasons]
        .sort((p, q) => q[1] - p[1])
        .map(([reason, n]) => `${reason} ${n}`)
        .join(", ")}`,
    );
  };
  const together = (pair: string) => {
    const [a, b] = pair.split(" ") as [string, string];
    return grouping.get(a) === grouping.get(b);
  };
  const missed = [...pairs.all].filter((pair) => !together(pair));
  tally("missed pairs by reason", missed);
  weighedAgainst(missed.flatMap((pair) => explained(pair) ?? []).filter((found) => Number.isFinite(found.score)));
  keptApart(
    missed.filter((pair) => explained(pair)?.reason === LINKED),
    grouping,
    explained,
  );
  const falseMerges = new Set<string>();
  for (const set of pairs.hardNegatives.values()) for (const pair of set) if (together(pair)) falseMerges.add(pair);
  tally("false merges of look-alikes by reason", [...falseMerges]);
  const show = (title: string, pair: string) => {
    const found = explained(pair);
    if (found !== undefined) console.log(`  [${title}] ${found.score.toFixed(1)}: ${describeWeights(found.weights)}\n      ${found.a}\n      ${found.b}`);
  };
  for (const [category, set] of pairs.same) {
    console.log(`missed: ${category}`);
    for (const pair of [...set].filter((pair) => !together(pair)).slice(0, count)) show(category, pair);
  }
  for (const [category, set] of pairs.hardNegatives) {
    console.log(`merged: ${category}`);
    for (const pair of [...set].filter(together).slice(0, count)) show(category, pair);
  }
}

/** A pair's weights as printed: each level with its points, or CONFLICT. */
function describeWeights(weights: ReadonlyArray<[string, number]>): string {
  return weights.map(([feature, points]) => `${feature} ${points === Number.NEGATIVE_INFINITY ? "CONFLICT" : points.toFixed(1)}`).join(", ");
}

/** The levels that cost the scored missed pairs most: how many pairs show each, and the weight they lost by it. */
function weighedAgainst(found: ReadonlyArray<{ weights: ReadonlyArray<[string, number]> }>): void {
  const levels = new Map<string, { pairs: number; points: number }>();
  for (const { weights } of found)
    for (const [level, points] of weights) {
      if (points >= 0) continue;
      const entry = levels.get(level) ?? { pairs: 0, points: 0 };
      entry.pairs += 1;
      entry.points += points;
      levels.set(level, entry);
    }
  const worst = [...levels].sort((p, q) => p[1].points - q[1].points).slice(0, 12);
  console.log(
    `what weighs against the ${found.length} scored missed pairs: ${worst.map(([level, { pairs, points }]) => `${level} ${pairs} pairs (${points.toFixed(0)})`).join(", ")}`,
  );
}

function reasonOf(a: GroupingRecord, b: GroupingRecord, score: number, conflict: string | undefined): string {
  if (a.groupingType !== b.groupingType || a.transactionType !== b.transactionType) return "other type or transaction";
  if (!areNeighbours(a.inseeCode, b.inseeCode)) return "communes not neighbours";
  if (!worthComparing(a, b)) return a.inseeCode !== b.inseeCode ? "neighbouring commune, area or price apart" : "areas apart";
  if (conflict !== undefined) return `${conflict} conflict`;
  if (score < MATCH_MODEL.link) return a.isNewBuild && b.isNewBuild ? "weight below the link threshold (new builds)" : "weight below the link threshold";
  return LINKED;
}

const LINKED = "weight at or above the link threshold";

/**
 * Missed pairs that the model links are kept apart by the clustering: for each two groups holding such a pair
 * (once), whether a pair across them conflicts, scores below `DISTINCT` (tallied by the levels weighing −0.5 or
 * less against it) or their average stays below the group threshold, as `cluster.ts` decides a join.
 */
function keptApart(
  pairs: readonly string[],
  grouping: ReadonlyMap<string, string>,
  explained: (pair: string) => { score: number; weights: ReadonlyArray<[string, number]> } | undefined,
): void {
  const membersOf = new Map<string, string[]>();
  for (const [url, group] of grouping) {
    const members = membersOf.get(group);
    if (members === undefined) membersOf.set(group, [url]);
    else members.push(url);
  }
  const reasons = new Map<string, number>();
  const lowPairs = new Map<string, number>();
  const seen = new Set<string>();
  for (const pair of pairs) {
    const [g, h] = pair
      .split(" ")
      .map((url) => grouping.get(url) ?? "")
      .sort() as [string, string];
    if (seen.has(`${g} ${h}`)) continue;
    seen.add(`${g} ${h}`);
    let conflicts = 0;
    let low = 0;
    let total = 0;
    let count = 0;
    for (const u of membersOf.get(g) ?? [])
      for (const v of membersOf.get(h) ?? []) {
        const found = explained(`${u} ${v}`);
        if (found === undefined) continue;
        count += 1;
        total += found.score;
        if (found.score === Number.NEGATIVE_INFINITY) conflicts += 1;
        else if (found.score < DISTINCT) {
          low += 1;
          const against = found.weights.flatMap(([level, points]) => (points <= -0.5 ? [level] : []));
          const levels = against.sort().join(", ") || "nothing below −0.5";
          lowPairs.set(levels, (lowPairs.get(levels) ?? 0) + 1);
        }
      }
    const reason =
      conflicts > 0
        ? "a pair across in conflict"
        : low > 0
          ? `a pair across below ${DISTINCT}`
          : total / count < MATCH_MODEL.group
            ? "their average below the group threshold"
            : "none of these now (the average was lower when their link was weighed)";
    reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
  }
  const tally = (counts: ReadonlyMap<string, number>, top: number) =>
    [...counts]
      .sort((p, q) => q[1] - p[1])
      .slice(0, top)
      .map(([what, n]) => `${what} ${n}`);
  console.log(`what keeps the groups of the ${pairs.length} linked missed pairs apart, per two groups: ${tally(reasons, 4).join(", ")}`);
  if (lowPairs.size > 0) console.log(`  what weighs against the pairs across below ${DISTINCT}:\n    ${tally(lowPairs, 10).join("\n    ")}`);
}
