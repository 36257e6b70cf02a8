/**
 * How strongly two classifieds of one block look like one real-world property: the log-odds of a logistic
 * model over the pair's observations (pair-features.ts), `CONFLICT` when a disagreement rules the match out.
 * Each observed level adds its weight; an unknown value adds nothing. The weights (match-weights.ts) are
 * fitted on labelled pairs of two independent generators of realistic feeds (`npm run fit:grouping`), so that
 * they say how much more often each level is seen on copies of one property than on distinct look-alikes.
 */
import { comparePair, countSharedPhotos, type GroupingRecord, type MatchModel, type SharedPhotos } from "./pair-features.js";
import { MATCH_MODEL } from "./match-model.js";

export { areasComparable, countSharedPhotos, isSamePublisher, MAX_AREA_GAP, sameBlock, type GroupingRecord, type MatchModel } from "./pair-features.js";

/** The score of a pair that cannot be one property. */
export const CONFLICT = Number.NEGATIVE_INFINITY;

/** Receives each observation's contribution, to explain a decision. */
export type Explain = (feature: string, points: number) => void;

/**
 * The match log-odds of two classifieds of one block; `CONFLICT` when they cannot be one property.
 * `sharedPhotos` is how many photos the two share, each counted 1 or less, or how to count them (see `comparePair`).
 */
export function scorePair(
  a: GroupingRecord,
  b: GroupingRecord,
  sharedPhotos: SharedPhotos = () => countSharedPhotos(a, b),
  explain?: Explain,
  model: MatchModel = MATCH_MODEL,
): number {
  const comparison = comparePair(a, b, sharedPhotos);
  if (comparison.conflict !== undefined) {
    explain?.(comparison.conflict, CONFLICT);
    return CONFLICT;
  }
  let score = model.intercept;
  for (const level of comparison.levels) {
    const weight = model.levels[level] ?? 0;
    explain?.(level, weight);
    score += weight;
  }
  return score;
}
