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
import { blockKey, cannotBeOne, NEIGHBOUR_AREA_GAP, oneAgencysTwoAdverts, twoDiagnosedFlats, worthComparing } from "./pair-features.js";
import { areasComparable, CONFLICT, MAX_AREA_GAP, scorePair, type GroupingRecord, type MatchModel } from "./pair-score.js";
import { sharedPhotoMasks } from "./photo-hash.js";

/**
 * A photo that this many other classifieds of the block show is common (an agency's logo, a programme's renders,
 * a stock picture of the town): it counts half, and from twice as many, not at all. One flat published on four
 * portals and re-listed once shows its photos on five classifieds.
 *
 * A photo also counts for nothing, however few classifieds show it, when two of those that show it cannot be one
 * property (floors or areas far apart, a studio and a three-room flat...) or give different floors: it is then a
 * picture of something several properties share (a building's façade, the view from its windows, a programme's
 * render), and says nothing of which flat a listing is. Both are read from the block's content alone (the
 * classified and the comparable classifieds that share the photo with it), so neither depends on the order
 * classifieds arrived in.
 */
const COMMON_PHOTO_PARTNERS = 5;

/**
 * A pair scoring below this (log-odds −3: about one chance in twenty of one property) keeps its two groups
 * apart, however well the other pairs across them agree: the average over the pairs would otherwise let a few
 * strong links between copies outvote a pair the model takes for two flats (the owner's listing of one flat and an
 * agency's of its twin, say), and chain them together.
 */
export const DISTINCT = -3;

/** The groups of `records`: each group sorted by key, the groups by their first key. */
export function clusterRecords<R extends GroupingRecord>(records: readonly R[], model: MatchModel = MATCH_MODEL): R[][] {
  const groups: R[][] = [];
  for (const members of blocksOf(records)) {
    const graph = new BlockGraph(members, model);
    groups.push(...graph.cluster(members.map((_, index) => index)));
  }
  return groups.sort((a, b) => compareKeys(a[0]?.key ?? "", b[0]?.key ?? ""));
}

/**
 * The groups that regrouping around `seeds` (keys of records that are new or changed) decides, and nothing
 * else: the connected part of the block around the seeds, which is all that a change can move. It holds the
 * seeds, the records that share a photo with one (how common a photo is in the block weighs every pair that
 * shares it) or their exact point when the seeds make it no address (`located`: that weighs their distances),
 * and, repeatedly, every record linked to one it holds (a pair scoring at least the model's `link`) and every
 * record with the same `previousGroup` as one it holds (so that a group left by a member is decided whole: kept,
 * split or merged). Clustering joins groups only along links, and decides each connected part of the links alone
 * (see `cluster`), so these groups are exactly those that clustering every record would give (tested), while the
 * work grows with that part, not with the block.
 *
 * Returns the groups of the records regrouped, each sorted by key, the groups by their first key; every other
 * record keeps its group.
 */
export function clusterAround<R extends GroupingRecord>(
  records: readonly R[],
  seeds: ReadonlySet<string>,
  previousGroup: (record: R) => string | undefined,
  model: MatchModel = MATCH_MODEL,
): R[][] {
  const groups: R[][] = [];
  for (const members of blocksOf(records)) {
    if (!members.some((record) => seeds.has(record.key))) continue;
    const graph = new BlockGraph(members, model);
    groups.push(...graph.cluster(graph.around(seeds, previousGroup)));
  }
  return groups.sort((a, b) => compareKeys(a[0]?.key ?? "", b[0]?.key ?? ""));
}

/**
 * The records of each block, each block in key order, the blocks by their first key (the order clustering and the
 * model's fit read them in). Sorted block by block: the same order as one sort of every record, for fewer
 * comparisons once a batch reads tens of thousands of records from hundreds of blocks.
 */
export function blocksOf<R extends GroupingRecord>(records: readonly R[]): R[][] {
  const blocks = new Map<string, R[]>();
  for (const record of records) {
    const key = blockKey(record);
    const members = blocks.get(key);
    if (members === undefined) blocks.set(key, [record]);
    else members.push(record);
  }
  const byKey = (a: R, b: R) => compareKeys(a.key, b.key);
  const sorted = [...blocks.values()].map((members) => members.sort(byKey));
  return sorted.sort((a, b) => byKey(a[0] as R, b[0] as R)); // a block has at least one record
}

type Edge = { a: number; b: number; score: number };

/** One commune's records in a block: indices of those with an area, by area, and of those without. */
type CommuneRecords = { byArea: number[]; withoutArea: number[] };

/** Both sides' photo masks of a pair (see `sharedPhotos`). */
type PairMasks = readonly [number, number];
const NO_MASKS: PairMasks = [0, 0];

/**
 * One block's records (in key order) and what clustering reads of them, each computed when first needed and
 * kept: which records are comparable (areas close enough, or one unknown), the photos each pair shares, how
 * many comparable records show each photo of a record and whether two that cannot be one property (or give
 * different floors) do, and the scores of pairs. `blockPairs` reads the shared photos from it too, so that the
 * model is fitted on what clustering scores; scores are computed for the pairs clustering reads only.
 */
class BlockGraph<R extends GroupingRecord> {
  private readonly n: number;
  /** Indices of the records with an area, by area: a neighbouring commune's are compared within a narrow range. */
  private readonly byArea: number[];
  /** The same of each commune, and its records without an area: only its own are compared with those. */
  private readonly communes = new Map<string, CommuneRecords>();
  private readonly neighbourLists = new Map<number, number[]>();
  private readonly masks = new Map<number, PairMasks>();
  private readonly partners = new Map<number, PhotoPartners>();
  private readonly scores = new Map<number, number>();
  private readonly placed = new Map<number, R>();

  constructor(
    private readonly records: readonly R[],
    private readonly model: MatchModel,
  ) {
    this.n = records.length;
    this.byArea = [];
    records.forEach((record, index) => {
      let commune = this.communes.get(record.inseeCode);
      if (commune === undefined) {
        commune = { byArea: [], withoutArea: [] };
        this.communes.set(record.inseeCode, commune);
      }
      if (record.area === null) commune.withoutArea.push(index);
      else {
        commune.byArea.push(index);
        this.byArea.push(index);
      }
    });
    const byArea = (x: number, y: number) => this.areaOf(x) - this.areaOf(y) || x - y;
    this.byArea.sort(byArea);
    for (const commune of this.communes.values()) commune.byArea.sort(byArea);
  }

  /** The records worth comparing with record `x` (`worthComparing`; never `x` itself), in index order. */
  neighbours(x: number): number[] {
    const known = this.neighbourLists.get(x);
    if (known !== undefined) return known;
    const record = this.records[x] as R;
    const commune = this.communes.get(record.inseeCode) as CommuneRecords; // x is one of them
    const area = record.area;
    const found: number[] = [];
    const consider = (y: number) => {
      if (y !== x && worthComparing(record, this.records[y] as R)) found.push(y);
    };
    if (area === null) {
      // Only its own commune's records are compared with a record without an area.
      for (const y of commune.withoutArea) consider(y);
      for (const y of commune.byArea) consider(y);
    } else {
      for (const y of commune.withoutArea) consider(y);
      // worthComparing holds within a commune only for areas in [area * (1 - gap) - 1, (area + 1) / (1 - gap)]
      // (areasComparable), and across neighbouring communes in [area * (1 - neighbour gap) - 0.5, (area + 0.5) /
      // (1 - neighbour gap)]; the bounds are widened a little for rounding and each candidate checked exactly.
      this.scanAreas(commune.byArea, area * (1 - MAX_AREA_GAP) - 1, (area + 1) / (1 - MAX_AREA_GAP), consider);
      if (this.communes.size > 1) {
        this.scanAreas(this.byArea, area * (1 - NEIGHBOUR_AREA_GAP) - 0.5, (area + 0.5) / (1 - NEIGHBOUR_AREA_GAP), (y) => {
          if ((this.records[y] as R).inseeCode !== record.inseeCode) consider(y);
        });
      }
    }
    found.sort((a, b) => a - b);
    this.neighbourLists.set(x, found);
    return found;
  }

  /** Calls `visit` with each record of `sorted` (indices by area) whose area is within [low, high], widened for rounding. */
  private scanAreas(sorted: readonly number[], low: number, high: number, visit: (y: number) => void): void {
    for (let i = firstAtLeast(sorted, low - 1e-6, (index) => this.areaOf(index)); i < sorted.length; i += 1) {
      const y = sorted[i] as number;
      if (this.areaOf(y) > high + 1e-6) break;
      visit(y);
    }
  }

  /** The score of comparable records `x` and `y`. */
  score(x: number, y: number): number {
    const [a, b] = x < y ? [x, y] : [y, x];
    const key = a * this.n + b;
    const known = this.scores.get(key);
    if (known !== undefined) return known;
    // Photos weighed only when nothing rules the pair out: most pairs of a large block conflict.
    const score = scorePair(this.located(a), this.located(b), () => this.sharedPhotos(a, b), undefined, this.model);
    this.scores.set(key, score);
    return score;
  }

  /** How many photos comparable records `a` and `b` share, each counted 1, half or nothing (see COMMON_PHOTO_PARTNERS). */
  sharedPhotos(a: number, b: number): number {
    const [maskA, maskB] = this.pairMasks(a, b);
    if (maskA === 0) return 0;
    return Math.min(this.photoPartners(a).weighted(maskA), this.photoPartners(b).weighted(maskB));
  }

  /**
   * Indices of the records to regroup around the seeds: the seeds, the records sharing a photo with one, then
   * the closure under links and under `previousGroup` (see `clusterAround`). In index order.
   */
  around(seeds: ReadonlySet<string>, previousGroup: (record: R) => string | undefined): number[] {
    const byGroup = new Map<string, number[]>();
    this.records.forEach((record, index) => {
      const group = previousGroup(record);
      if (group === undefined || group === "") return;
      const members = byGroup.get(group);
      if (members === undefined) byGroup.set(group, [index]);
      else members.push(index);
    });
    const taken = new Uint8Array(this.n);
    const queue: number[] = [];
    const take = (index: number) => {
      if (taken[index] === 1) return;
      taken[index] = 1;
      queue.push(index);
    };
    const isSeed = (index: number) => seeds.has((this.records[index] as R).key);
    this.records.forEach((record, index) => {
      if (!isSeed(index)) return;
      take(index);
      // Its photos count in how common each photo of these is (how many show it, and whether two that cannot be
      // one property do), and its point in whether theirs is an address: their scores may change.
      for (const y of this.neighbours(index))
        if (this.pairMasks(index, y)[0] !== 0 || (samePoint(record, this.records[y] as R) && this.noAddressOnlyWith(y, isSeed))) take(y);
    });
    for (let next = 0; next < queue.length; next += 1) {
      const x = queue[next] as number;
      const group = previousGroup(this.records[x] as R);
      if (group !== undefined && group !== "") for (const y of byGroup.get(group) ?? []) take(y);
      for (const y of this.neighbours(x)) if (taken[y] === 0 && this.score(x, y) >= this.model.link) take(y);
    }
    return queue.sort((a, b) => a - b);
  }

  /**
   * The groups of the records at `indices` (in index order, closed under links: every record linked to one of
   * them is one of them), built greedily from the strongest link down (see the file's comment). Each group in
   * key order.
   */
  cluster(indices: readonly number[]): R[][] {
    const inSet = new Uint8Array(this.n);
    for (const index of indices) inSet[index] = 1;
    const edges: Edge[] = [];
    for (const a of indices) {
      for (const b of this.neighbours(a)) {
        if (b <= a || inSet[b] === 0) continue;
        const score = this.score(a, b);
        if (score >= this.model.link) edges.push({ a, b, score });
      }
    }
    // Strongest first; equal weights in key order (records are sorted by key, so index order is key order).
    edges.sort((x, y) => y.score - x.score || x.a - y.a || x.b - y.b);

    const groupOf = new Map<number, number>(indices.map((index) => [index, index]));
    const members = new Map<number, number[]>(indices.map((index) => [index, [index]]));
    const scoreOf = (x: number, y: number) => (this.comparable(x, y) ? this.score(x, y) : CONFLICT); // not comparable: never together
    for (const { a, b } of edges) {
      const ga = groupOf.get(a) as number; // a is in the set
      const gb = groupOf.get(b) as number;
      if (ga === gb) continue;
      const left = members.get(ga) as number[];
      const right = members.get(gb) as number[];
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
      if (!coherent || total / (left.length * right.length) < this.model.group) continue;
      const [into, from] = ga < gb ? [ga, gb] : [gb, ga];
      const moved = members.get(from) as number[];
      for (const index of moved) groupOf.set(index, into);
      (members.get(into) as number[]).push(...moved);
      members.delete(from);
    }
    return [...members.values()].map((group) => group.sort((x, y) => x - y).map((index) => this.records[index] as R));
  }

  /**
   * Record `x` as its pairs are scored: without its coordinates when its point is no address. Portals place a
   * listing whose address is hidden at its commune's centre, or its quarter's, and geocode a building's flats to
   * one point: when comparable records at exactly the point of `x` include two that cannot be one property (the
   * test a shared photo is put to, `anyTwoDistinct`), the point says nothing of which flat a listing is. Else the
   * owner's listing at the commune's centre would weigh as 3 km from the agency's copy at the address
   * (`distance:within5km`, about −2), and two flats of one building, or two owners' listings at the centre, as
   * listings at one address (`distance:within25m`, +1). Read from the block's content alone, like a photo's
   * commonness, so that it does not depend on the order classifieds arrived in.
   */
  located(x: number): R {
    const known = this.placed.get(x);
    if (known !== undefined) return known;
    const record = this.records[x] as R;
    const located = twoFlatsAmong(this.atPointOf(x)) ? { ...record, latitude: null, longitude: null } : record;
    this.placed.set(x, located);
    return located;
  }

  /**
   * Whether the point of record `y` is no address (`located`) with the records for which `among` holds, and would be
   * one without them. Only then does a batch's classified joining that point change how `y` is scored: more
   * records at a point can only make it no address, and one that two flats' listings showed already (a commune's
   * centre, where hundreds may sit) stays so whatever joins it, so its records need not all be grouped again.
   */
  private noAddressOnlyWith(y: number, among: (index: number) => boolean): boolean {
    if (this.located(y) === this.records[y]) return false;
    return !twoFlatsAmong(this.atPointOf(y, among));
  }

  /** Record `x` and the records comparable with it at exactly its point, but those for which `leaveOut` holds. */
  private atPointOf(x: number, leaveOut?: (index: number) => boolean): R[] {
    const record = this.records[x] as R;
    const here = [record];
    if (record.latitude === null) return here;
    for (const y of this.neighbours(x)) if (leaveOut?.(y) !== true && samePoint(record, this.records[y] as R)) here.push(this.records[y] as R);
    return here;
  }

  private comparable(x: number, y: number): boolean {
    return areasComparable(this.records[x]?.area ?? null, this.records[y]?.area ?? null);
  }

  /** Which photos of each side the other shows, as bit masks (a < b or not: the masks follow the arguments). */
  private pairMasks(x: number, y: number): PairMasks {
    const [a, b] = x < y ? [x, y] : [y, x];
    const key = a * this.n + b;
    let masks = this.masks.get(key);
    if (masks === undefined) {
      masks = photoMasks(this.records[a] as R, this.records[b] as R);
      this.masks.set(key, masks);
    }
    return x < y ? masks : [masks[1], masks[0]];
  }

  /**
   * For each photo of record `x`, how many comparable records show it, and whether two of the records showing it
   * (`x` and those) cannot be one property or give different floors. Photos shown so widely that they weigh
   * nothing anyway are not checked.
   */
  private photoPartners(x: number): PhotoPartners {
    const known = this.partners.get(x);
    if (known !== undefined) return known;
    const counts = new Uint16Array(Math.min(this.records[x]?.photos.length ?? 0, 32));
    const showing: number[][] = Array.from(counts, () => [x]);
    if (counts.length > 0) {
      for (const y of this.neighbours(x)) {
        const mask = this.pairMasks(x, y)[0];
        if (mask === 0) continue;
        countBits(counts, mask);
        for (let bit = 0; bit < counts.length; bit += 1) if ((mask >>> bit) & 1) showing[bit]?.push(y);
      }
    }
    let distinct = 0;
    for (let bit = 0; bit < counts.length; bit += 1) {
      const records = showing[bit] as number[];
      if (records.length > 1 && weightOf(counts[bit] ?? 0) > 0 && anyTwoDistinct(records.map((index) => this.records[index] as R))) distinct |= 1 << bit;
    }
    const partners = new PhotoPartners(counts, distinct);
    this.partners.set(x, partners);
    return partners;
  }

  private areaOf(index: number): number {
    return this.records[index]?.area ?? 0;
  }
}

/**
 * The pairs of one block's records worth scoring (index pairs, a < b), with the photos each shares, a common
 * photo discounted, and the two records as they are scored (`x`, `y`: coordinates left out at a point that is no
 * address): what clustering scores, and what the match model is fitted on.
 */
export function blockPairs<R extends GroupingRecord>(records: readonly R[]): Array<{ a: number; b: number; sharedPhotos: number; x: R; y: R }> {
  const graph = new BlockGraph(records, MATCH_MODEL);
  const pairs: Array<{ a: number; b: number; sharedPhotos: number; x: R; y: R }> = [];
  for (let a = 0; a < records.length; a += 1) {
    for (const b of graph.neighbours(a)) if (b > a) pairs.push({ a, b, sharedPhotos: graph.sharedPhotos(a, b), x: graph.located(a), y: graph.located(b) });
  }
  return pairs;
}

/** Which photos of `x` that `y` shows, and of `y` that `x` shows, as bit masks (the first 32 photos of each). */
function photoMasks(x: GroupingRecord, y: GroupingRecord): PairMasks {
  if (x.photos.length === 0 || y.photos.length === 0) return NO_MASKS;
  const masks = sharedPhotoMasks(x.photos, y.photos);
  return masks[0] === 0 ? NO_MASKS : masks;
}

/**
 * Whether records at one point show two flats: the point is then no address (`located`). The records are the
 * ones comparable with the record whose point it is, that record included.
 */
export function twoFlatsAmong(records: readonly GroupingRecord[]): boolean {
  return records.length > 1 && anyTwoDistinct(records);
}

/** Whether two records give exactly one point. */
export function samePoint(a: GroupingRecord, b: GroupingRecord): boolean {
  return a.latitude !== null && a.longitude !== null && a.latitude === b.latitude && a.longitude === b.longitude;
}

function countBits(counts: Uint16Array, mask: number): void {
  for (let bit = 0; bit < counts.length; bit += 1) if ((mask >>> bit) & 1) counts[bit] = (counts[bit] ?? 0) + 1;
}

/** A photo's weight in a pair: 1, or less when many comparable records show it (see COMMON_PHOTO_PARTNERS). */
function weightOf(count: number): number {
  return count >= 2 * COMMON_PHOTO_PARTNERS ? 0 : count >= COMMON_PHOTO_PARTNERS ? 0.5 : 1;
}

/**
 * Whether two of `records` (those showing one photo, or at one point) are two properties: they cannot be one, or
 * they give different floors (a photo shown on two floors is of the building, its façade or its staircase,
 * whatever the floors' gap: a floor off by one may be the ground floor written 0 or 1 for one flat, not for two
 * listings that show one photo of it), or they are two adverts of one publisher sharing only that photo
 * (`oneAgencysTwoAdverts`), or two adverts with different energy diagnoses sharing at most two photos
 * (`twoDiagnosedFlats`).
 */
function anyTwoDistinct(records: readonly GroupingRecord[]): boolean {
  for (let i = 0; i < records.length; i += 1)
    for (let j = i + 1; j < records.length; j += 1) {
      const a = records[i] as GroupingRecord;
      const b = records[j] as GroupingRecord;
      if (cannotBeOne(a, b) || (a.floor !== null && b.floor !== null && a.floor !== b.floor) || oneAgencysTwoAdverts(a, b) || twoDiagnosedFlats(a, b))
        return true;
    }
  return false;
}

/**
 * What the block says of each photo of one record: how many comparable records show it, and (a bit mask) which
 * of its photos two records that cannot be one property, or give different floors, show. A photo's weight in a
 * pair is 1, half or nothing by how many show it, and nothing when it is shown on two properties (see
 * COMMON_PHOTO_PARTNERS).
 */
class PhotoPartners {
  constructor(
    private readonly counts: Uint16Array,
    private readonly distinct: number,
  ) {}

  /** The weight of the photos of `mask`. */
  weighted(mask: number): number {
    let total = 0;
    for (let bit = 0; bit < this.counts.length; bit += 1) {
      if (((mask >>> bit) & 1) === 0 || ((this.distinct >>> bit) & 1) === 1) continue;
      total += weightOf(this.counts[bit] ?? 0);
    }
    return total;
  }
}

/** The first position in `sorted` (indices in order of `areaOf`) whose area is at least `value`. */
function firstAtLeast(sorted: readonly number[], value: number, areaOf: (index: number) => number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (areaOf(sorted[middle] as number) < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

function compareKeys(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
