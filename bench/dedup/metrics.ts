/**
 * Pairwise quality of a grouping against the truth: every pair of listings is either of one real-world object
 * (a true pair) or not; a grouping puts it in one property or not. Pure functions, unit-tested.
 */

export type PairCounts = { truePositives: number; falsePositives: number; falseNegatives: number };
export type Quality = PairCounts & { precision: number; recall: number; f1: number };

/** Pairs of `ids` that share a group, as "a b" keys (a < b); `groupOf` gives each id's group. */
export function pairsTogether(ids: readonly string[], groupOf: (id: string) => string | undefined): Set<string> {
  const groups = new Map<string, string[]>();
  for (const id of ids) {
    const group = groupOf(id);
    if (group === undefined) continue;
    const members = groups.get(group);
    if (members === undefined) groups.set(group, [id]);
    else members.push(id);
  }
  const pairs = new Set<string>();
  for (const members of groups.values()) {
    const sorted = [...members].sort();
    for (let i = 0; i < sorted.length; i += 1) for (let j = i + 1; j < sorted.length; j += 1) pairs.add(pairKey(sorted[i] as string, sorted[j] as string));
  }
  return pairs;
}

export function pairKey(a: string, b: string): string {
  return a < b ? `${a} ${b}` : `${b} ${a}`;
}

export function quality(truth: ReadonlySet<string>, predicted: ReadonlySet<string>): Quality {
  let truePositives = 0;
  for (const pair of predicted) if (truth.has(pair)) truePositives += 1;
  const falsePositives = predicted.size - truePositives;
  const falseNegatives = truth.size - truePositives;
  const precision = predicted.size === 0 ? 1 : truePositives / predicted.size;
  const recall = truth.size === 0 ? 1 : truePositives / truth.size;
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { truePositives, falsePositives, falseNegatives, precision, recall, f1 };
}

/** Share of `pairs` that the grouping puts together. */
export function shareTogether(pairs: ReadonlySet<string>, predicted: ReadonlySet<string>): number {
  if (pairs.size === 0) return 0;
  let together = 0;
  for (const pair of pairs) if (predicted.has(pair)) together += 1;
  return together / pairs.size;
}

/**
 * How differently two groupings of one feed pair the listings: pairs together in one and apart in the other,
 * over the pairs together in either.
 */
export function orderSensitivity(first: ReadonlySet<string>, second: ReadonlySet<string>): number {
  let differ = 0;
  const union = new Set([...first, ...second]);
  for (const pair of union) if (first.has(pair) !== second.has(pair)) differ += 1;
  return union.size === 0 ? 0 : differ / union.size;
}
