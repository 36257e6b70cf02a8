/**
 * Which property a new classified joins. Every classified belongs to exactly one property, chosen once when
 * the classified is created: an existing property with a classified that is the same real-world object
 * (domain rule `isSameProperty`: same commune and type, close area and rooms, and a shared photo or the same
 * publisher; `matchScore` picks among several), else a new property. Later changes of the classified do not move it to another property.
 */
import { timeOrderedUuid } from "./time-ordered-uuid.js";
import type { ClassifiedRow } from "../../db/schema/index.js";
import { isSameProperty, matchScore, type MatchCandidate } from "../../domain/property-matching.js";
import { mayBeSameProperty, prefilterEntry, type PrefilterEntry } from "./match-prefilter.js";

/** A classified that a new one may be compared with, and the property it belongs to. */
export type PropertyCandidate = { classifiedId: string; propertyId: string; match: MatchCandidate };

/** The slice of the database to search: one entry per new classified (see `candidateWindow`). */
export type CandidateWindow = {
  inseeCode: string;
  propertyType: string;
  transactionType: string;
  /** Inclusive area bounds; null when the new classified's area is unknown (then any area may match). */
  areaMin: number | null;
  areaMax: number | null;
};

export function matchCandidateOf(row: ClassifiedRow): MatchCandidate {
  return {
    inseeCode: row.inseeCode,
    propertyType: row.propertyType,
    transactionType: row.transactionType,
    area: row.area,
    roomCount: row.roomCount,
    bedroomCount: row.bedroomCount,
    imageHashes: row.imageHashes === "" ? [] : row.imageHashes.split(","),
    publisherSiren: row.publisherSiren,
    publisherPhone: row.publisherPhone,
  };
}

/**
 * Classifieds whose area is outside this window can never match: a superset of the domain's tolerance
 * (3% of the larger area, or 1 m²) so that the database does the coarse filtering.
 */
export function candidateWindow(row: ClassifiedRow): CandidateWindow {
  const area = row.area;
  return {
    inseeCode: row.inseeCode,
    propertyType: row.propertyType,
    transactionType: row.transactionType,
    areaMin: area === null ? null : area * 0.96 - 1,
    areaMax: area === null ? null : area / 0.96 + 1,
  };
}

/**
 * The windows of a batch's new classifieds, merged: one unbounded window for a group where some area is
 * unknown, else overlapping area ranges joined. Fewer, disjoint windows mean fewer index lookups and no
 * classified found twice (except one without an area, which the repository de-duplicates).
 */
export function mergeWindows(windows: readonly CandidateWindow[]): CandidateWindow[] {
  const groups = new Map<string, CandidateWindow[]>();
  for (const window of windows) {
    const key = groupKey(window);
    groups.set(key, [...(groups.get(key) ?? []), window]);
  }
  const merged: CandidateWindow[] = [];
  for (const group of groups.values()) {
    const [first] = group;
    if (first === undefined) continue;
    if (group.some((window) => window.areaMin === null || window.areaMax === null)) {
      merged.push({ ...first, areaMin: null, areaMax: null });
      continue;
    }
    const sorted = [...group].sort((a, b) => (a.areaMin ?? 0) - (b.areaMin ?? 0));
    let current = { ...first, areaMin: sorted[0]?.areaMin ?? null, areaMax: sorted[0]?.areaMax ?? null };
    for (const window of sorted.slice(1)) {
      if (window.areaMin !== null && current.areaMax !== null && window.areaMin <= current.areaMax) {
        current.areaMax = Math.max(current.areaMax, window.areaMax ?? current.areaMax);
      } else {
        merged.push(current);
        current = { ...window };
      }
    }
    merged.push(current);
  }
  return merged;
}

/**
 * Assigns a property to each new classified, in order. `candidates` are the stored classifieds that may
 * match (in their latest state); each new classified joins them once assigned, so two new classifieds of one batch that
 * describe the same object share a property. Returns the ids of the properties created.
 */
export function assignProperties(
  newcomers: readonly ClassifiedRow[],
  candidates: readonly PropertyCandidate[],
): Set<string> {
  type PoolEntry = PropertyCandidate & { packed: PrefilterEntry };
  const pool = new Map<string, PoolEntry[]>();
  const join = (candidate: PropertyCandidate) => {
    const entry = { ...candidate, packed: prefilterEntry(candidate.match) };
    const key = groupKey(candidate.match);
    const group = pool.get(key);
    if (group === undefined) pool.set(key, [entry]);
    else group.push(entry);
  };
  candidates.forEach(join);
  const createdProperties = new Set<string>();
  for (const newcomer of newcomers) {
    const candidate = matchCandidateOf(newcomer);
    const packed = prefilterEntry(candidate);
    const window = candidateWindow(newcomer);
    // Matching classifieds by property: cheap rejections first, then the domain rule decides.
    // One matching classified is enough to know a property matches: its other classifieds are skipped.
    const matches = new Map<string, MatchCandidate>();
    for (const other of pool.get(groupKey(candidate)) ?? []) {
      if (matches.has(other.propertyId) || other.classifiedId === newcomer.id || !withinWindow(window, other.match.area)) continue;
      if (mayBeSameProperty(packed, other.packed) && isSameProperty(candidate, other.match)) matches.set(other.propertyId, other.match);
    }
    const propertyId = bestProperty(candidate, matches) ?? timeOrderedUuid();
    if (!matches.has(propertyId)) createdProperties.add(propertyId);
    newcomer.propertyId = propertyId;
    join({ classifiedId: newcomer.id, propertyId, match: candidate });
  }
  return createdProperties;
}

/**
 * The property to join when classifieds of several properties match: the best `matchScore` of its matching
 * classified; ties go to the smaller property id so that the choice does not depend on query order.
 */
function bestProperty(candidate: MatchCandidate, matches: ReadonlyMap<string, MatchCandidate>): string | undefined {
  if (matches.size <= 1) return matches.keys().next().value;
  let best: { propertyId: string; score: number } | undefined;
  for (const [propertyId, member] of matches) {
    const score = matchScore(candidate, member);
    if (best === undefined || score > best.score || (score === best.score && propertyId < best.propertyId)) best = { propertyId, score };
  }
  return best?.propertyId;
}

function withinWindow(window: CandidateWindow, area: number | null): boolean {
  return area === null || window.areaMin === null || window.areaMax === null || (area >= window.areaMin && area <= window.areaMax);
}

/** Only classifieds of the same commune, property type and transaction type can be the same property. */
export function groupKey(of: Pick<MatchCandidate, "inseeCode" | "propertyType" | "transactionType">): string {
  return `${of.inseeCode}|${of.propertyType}|${of.transactionType}`;
}
