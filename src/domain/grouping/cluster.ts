/**
 * Groups classifieds into properties: the pairs of a block are scored (pair-score.ts), then groups are built
 * greedily from the strongest link down, a link joining two groups only when the whole group stays coherent:
 * no pair across them conflicts or scores as clearly two properties, and their average weight stays high
 * enough. A~B and B~C therefore do not force A~C when A and C conflict, and a chain of weak links does not drag
 * unrelated flats together.
 *
 * The result depends only on the set of classifieds given, never on their order: records are sorted by their
 * stable key first, and ties between equal weights are broken on the keys.
 */
import { MATCH_MODEL } from "./match-model.js";
import { blockKey } from "./pair-features.js";
import { areasComparable, CONFLICT, scorePair, type GroupingRecord, type MatchModel } from "./pair-score.js";
import { samePhoto, type PackedPhoto } from "./photo-hash.js";

/**
 * A photo that this many other classifieds of the block show is common (an agency's logo, a programme's renders,
 * a stock picture of the town): it counts half, and from twice as many, not at all. One flat published on four
 * portals and re-listed once shows its photos on five classifieds.
 */
const COMMON_PHOTO_PARTNERS = 5;

/**
 * A pair scoring below this (log-odds −3: about one chance in twenty of one property) keeps its two groups
 * apart, however well the other pairs across them agree: the average over the pairs would otherwise let a few
 * strong links between copies outvote a pair the model takes for two flats (the owner's listing of one flat and an
 * agency's of its twin, say), and chain them together.
 */
const DISTINCT = -3;

/** The groups of `records`: each group sorted by key, the groups by their first key. */
export function clusterRecords<R extends GroupingRecord>(records: readonly R[], model: MatchModel = MATCH_MODEL): R[][] {
  const groups: R[][] = [];
  for (const members of blocksOf(records)) groups.push(...clusterBlock(members, model));
  return groups.sort((a, b) => compareKeys(a[0]?.key ?? "", b[0]?.key ?? ""));
}

/** The records of each block, each block in key order (the order clustering and the model's fit read them in). */
export function blocksOf<R extends GroupingRecord>(records: readonly R[]): R[][] {
  const blocks = new Map<string, R[]>();
  for (const record of [...records].sort((a, b) => compareKeys(a.key, b.key))) {
    const key = blockKey(record);
    const members = blocks.get(key);
    if (members === undefined) blocks.set(key, [record]);
    else members.push(record);
  }
  return [...blocks.values()];
}

type Edge = { a: number; b: number; score: number };

function clusterBlock<R extends GroupingRecord>(records: readonly R[], model: MatchModel): R[][] {
  const scores = new Map<number, number>();
  const edges: Edge[] = [];
  const n = records.length;
  for (const { a, b, sharedPhotos } of blockPairs(records)) {
    const score = scorePair(records[a] as R, records[b] as R, sharedPhotos, undefined, model); // a, b < n
    scores.set(a * n + b, score);
    if (score >= model.link) edges.push({ a, b, score });
  }
  // Strongest first; equal weights in key order (records are sorted by key, so index order is key order).
  edges.sort((x, y) => y.score - x.score || x.a - y.a || x.b - y.b);

  const groupOf = records.map((_, index) => index);
  const members = records.map((_, index) => [index]);
  const scoreOf = (x: number, y: number) => scores.get(x < y ? x * n + y : y * n + x) ?? CONFLICT; // not comparable: never together
  for (const { a, b } of edges) {
    const ga = groupOf[a] as number;
    const gb = groupOf[b] as number;
    if (ga === gb) continue;
    const left = members[ga] as number[];
    const right = members[gb] as number[];
    let total = 0;
    let coherent = true;
    for (const x of left) {
      for (const y of right) {
        const score = scoreOf(x, y);
        if (score < DISTINCT) coherent = false; // CONFLICT included
        total += score;
      }
      if (!coherent) break;
    }
    if (!coherent || total / (left.length * right.length) < model.group) continue;
    const [into, from] = ga < gb ? [ga, gb] : [gb, ga];
    for (const index of members[from] as number[]) groupOf[index] = into;
    (members[into] as number[]).push(...(members[from] as number[]));
    members[from] = [];
  }
  return members.filter((group) => group.length > 0).map((group) => group.sort((x, y) => x - y).map((index) => records[index] as R));
}

/**
 * The pairs of one block's records worth scoring (index pairs, a < b), with the photos each shares, a common
 * photo discounted: what clustering scores, and what the match model is fitted on.
 */
export function blockPairs(records: readonly GroupingRecord[]): Array<{ a: number; b: number; sharedPhotos: number }> {
  const pairs = comparablePairs(records);
  const shared = sharedPhotos(records, pairs);
  return pairs.map(([a, b], index) => ({ a, b, sharedPhotos: shared[index] ?? 0 }));
}

/**
 * Index pairs [a, b] (a < b) worth scoring: known areas close enough, or an area unknown. Records are visited in
 * area order, so that each is compared only with the neighbours of its area.
 */
function comparablePairs(records: readonly GroupingRecord[]): Array<[number, number]> {
  const pairs: Array<[number, number]> = [];
  const withArea: number[] = [];
  const withoutArea: number[] = [];
  records.forEach((record, index) => {
    (record.area === null ? withoutArea : withArea).push(index);
  });
  withArea.sort((x, y) => (records[x]?.area ?? 0) - (records[y]?.area ?? 0) || x - y);
  const push = (x: number, y: number) => pairs.push(x < y ? [x, y] : [y, x]);
  for (let i = 0; i < withArea.length; i += 1) {
    const x = withArea[i] as number;
    for (let j = i + 1; j < withArea.length; j += 1) {
      const y = withArea[j] as number;
      if (!areasComparable(records[x]?.area ?? null, records[y]?.area ?? null)) break;
      push(x, y);
    }
  }
  for (let i = 0; i < withoutArea.length; i += 1) {
    const x = withoutArea[i] as number;
    for (let y = 0; y < records.length; y += 1) {
      if (y === x || (records[y]?.area === null && y < x)) continue;
      push(x, y);
    }
  }
  return pairs;
}

/**
 * For each pair, how many photos its two records share, a common photo counting half or nothing (see
 * COMMON_PHOTO_PARTNERS). Photos are compared once per pair: which photos of each side the other side shows is
 * kept as a bit mask (photos beyond the 32nd of a listing are not compared).
 */
function sharedPhotos(records: readonly GroupingRecord[], pairs: ReadonlyArray<[number, number]>): number[] {
  const masks: Array<[number, number]> = pairs.map(() => [0, 0]);
  const partners = records.map((record) => new Uint16Array(Math.min(record.photos.length, 32)));
  pairs.forEach(([a, b], index) => {
    const x = records[a] as GroupingRecord;
    const y = records[b] as GroupingRecord;
    if (x.photos.length === 0 || y.photos.length === 0) return;
    const mask = masks[index] as [number, number];
    const xs = Math.min(x.photos.length, 32);
    const ys = Math.min(y.photos.length, 32);
    for (let i = 0; i < xs; i += 1) {
      for (let j = 0; j < ys; j += 1) {
        if (!samePhoto(x.photos[i] as PackedPhoto, y.photos[j] as PackedPhoto)) continue;
        mask[0] |= 1 << i;
        mask[1] |= 1 << j;
      }
    }
    if (mask[0] === 0) return;
    countBits(partners[a] as Uint16Array, mask[0]);
    countBits(partners[b] as Uint16Array, mask[1]);
  });
  const weightOf = (count: number) => (count >= 2 * COMMON_PHOTO_PARTNERS ? 0 : count >= COMMON_PHOTO_PARTNERS ? 0.5 : 1);
  return pairs.map(([a, b], index) => {
    const [maskA, maskB] = masks[index] as [number, number];
    if (maskA === 0) return 0;
    return Math.min(weighted(partners[a] as Uint16Array, maskA, weightOf), weighted(partners[b] as Uint16Array, maskB, weightOf));
  });
}

function countBits(counts: Uint16Array, mask: number): void {
  for (let bit = 0; bit < counts.length; bit += 1) if ((mask >>> bit) & 1) counts[bit] = (counts[bit] ?? 0) + 1;
}

function weighted(counts: Uint16Array, mask: number, weightOf: (count: number) => number): number {
  let total = 0;
  for (let bit = 0; bit < counts.length; bit += 1) if ((mask >>> bit) & 1) total += weightOf(counts[bit] ?? 0);
  return total;
}

function compareKeys(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
