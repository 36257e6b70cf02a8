/**
 * Which property each classified belongs to. Grouping is re-decided around every classified a batch creates,
 * or changes in a way that matters to grouping: the classified, the stored classifieds it may match (same
 * commune and types, an area close enough) and the other members of its former property are grouped again
 * together (domain/grouping), so that a new copy that links two properties merges them, and a corrected listing
 * that no longer fits its property leaves it. Property ids are kept across regroupings (cluster-identity.ts).
 */
import type { ClassifiedRow } from "../../db/schema/index.js";
import { identifyGroups } from "../../domain/grouping/cluster-identity.js";
import { clusterAround, clusterRecords } from "../../domain/grouping/cluster.js";
import { areasComparable, countSharedPhotos, MAX_AREA_GAP, type GroupingRecord } from "../../domain/grouping/pair-score.js";
import { packPhotoList } from "../../domain/grouping/photo-hash.js";
import { blockKey, publisherNameKey } from "../../domain/grouping/pair-features.js";
import { DECIMAL_SHIFTS, plausibleArea } from "../../domain/grouping/plausible-area.js";
import { memoise } from "./memo.js";
import { timeOrderedUuid } from "./time-ordered-uuid.js";

/** The classified columns grouping reads. */
export type GroupingColumns = Pick<
  ClassifiedRow,
  | "id"
  | "propertyId"
  | "urlKey"
  | "inseeCode"
  | "propertyType"
  | "transactionType"
  | "area"
  | "landArea"
  | "roomCount"
  | "bedroomCount"
  | "floor"
  | "priceCurrent"
  | "imageHashes"
  | "textSignature"
  | "condominiumLots"
  | "condominiumCharges"
  | "publisherSiret"
  | "publisherSiren"
  | "publisherType"
  | "publisherPhone"
  | "publisherName"
  | "publisherEmail"
  | "publisherIsProfessional"
  | "contactPhone"
  | "latitude"
  | "longitude"
  | "dpeLabel"
  | "dpeValue"
  | "gesLabel"
  | "gesValue"
  | "constructionYear"
  | "isNew"
  | "propertyIsProgram"
  | "balconyExists"
  | "terraceExists"
  | "parkingExists"
  | "cellarExists"
  | "elevatorExists"
  | "garageExists"
  | "gardenExists"
  | "swimmingPoolExists"
>;

/**
 * Changed fields after which a stored classified is grouped again. Not the status: a removed listing stays
 * with its property, as its history.
 */
const GROUPING_FIELDS: ReadonlySet<string> = new Set([
  "inseeCode",
  "propertyType",
  "transactionType",
  "area",
  "landArea",
  "roomCount",
  "bedroomCount",
  "floor",
  "priceCurrent",
  "images",
  "title",
  "description",
  "publisherSiret",
  "publisherSiren",
  "publisherType",
  "publisherPhone",
  "publisherName",
  "publisherEmail",
  "publisherIsProfessional",
  "contactPhone",
  "latitude",
  "longitude",
  "dpeLabel",
  "dpeValue",
  "gesLabel",
  "gesValue",
  "constructionYear",
  "isNew",
  "propertyIsProgram",
]);

export function changesGrouping(changedFields: ReadonlySet<string>): boolean {
  for (const field of changedFields) if (GROUPING_FIELDS.has(field)) return true;
  return false;
}

/**
 * A classified's photos, packed. A stored classified is read again as a candidate by every batch near it: its
 * photos are packed once (the packed photos are never modified).
 */
const photosOf = memoise(packPhotoList);

/** A publisher's name as grouping compares it: the same few names recur on thousands of classifieds. */
const nameKey = memoise(publisherNameKey);
const nameKeyOf = (name: string | null) => (name === null ? null : nameKey(name));

/** A stored classified as grouping sees it, and the property it belongs to. */
export type PropertyCandidate = { classifiedId: string; propertyId: string; record: GroupingRecord };

export function candidateOf(row: GroupingColumns): PropertyCandidate {
  return { classifiedId: row.id, propertyId: row.propertyId, record: groupingRecordOf(row) };
}

export function groupingRecordOf(row: GroupingColumns): GroupingRecord {
  return {
    key: row.urlKey,
    inseeCode: row.inseeCode,
    propertyType: row.propertyType,
    transactionType: row.transactionType,
    area: plausibleArea(row.area, row.roomCount),
    landArea: row.landArea,
    roomCount: row.roomCount,
    bedroomCount: row.bedroomCount,
    floor: row.floor,
    price: row.priceCurrent,
    photos: photosOf(row.imageHashes),
    textSignature: row.textSignature,
    condominiumLots: row.condominiumLots,
    condominiumCharges: row.condominiumCharges,
    publisherSiret: row.publisherSiret,
    publisherSiren: row.publisherSiren,
    publisherType: row.publisherType,
    publisherPhone: row.publisherPhone,
    publisherName: nameKeyOf(row.publisherName),
    publisherEmail: row.publisherEmail,
    publisherIsProfessional: row.publisherIsProfessional,
    contactPhone: row.contactPhone,
    latitude: row.latitude,
    longitude: row.longitude,
    dpeLabel: row.dpeLabel,
    dpeValue: row.dpeValue,
    gesLabel: row.gesLabel,
    gesValue: row.gesValue,
    constructionYear: row.constructionYear,
    isNewBuild: row.isNew === true || row.propertyIsProgram === true,
    flags: [
      row.balconyExists,
      row.terraceExists,
      row.parkingExists,
      row.cellarExists,
      row.elevatorExists,
      row.garageExists,
      row.gardenExists,
      row.swimmingPoolExists,
    ],
  };
}

/** The slice of the database to search: one entry per classified to group (see `candidateWindow`). */
export type CandidateWindow = {
  inseeCode: string;
  propertyType: string;
  transactionType: string;
  /** Inclusive area bounds; null when the classified's area is unknown (then any area may match). */
  areaMin: number | null;
  areaMax: number | null;
};

/**
 * Classifieds whose area is outside these windows are never compared with `row` (pair-score.ts,
 * `areasComparable`): one window around its area, and one around each decimal shift of it, where a copy
 * published with a misplaced decimal point is (plausible-area.ts). An implausible or unknown area may match any.
 */
export function candidateWindows(row: GroupingColumns): CandidateWindow[] {
  const area = plausibleArea(row.area, row.roomCount);
  const window = (around: number | null): CandidateWindow => ({
    inseeCode: row.inseeCode,
    propertyType: row.propertyType,
    transactionType: row.transactionType,
    areaMin: around === null ? null : around * (1 - MAX_AREA_GAP) - 1,
    areaMax: around === null ? null : (around + 1) / (1 - MAX_AREA_GAP),
  });
  return area === null ? [window(null)] : [window(area), ...DECIMAL_SHIFTS.map((shift) => window(area * shift))];
}

/**
 * The windows of a batch's classifieds, merged: one unbounded window for a group where some area is unknown,
 * else overlapping area ranges joined. Fewer, disjoint windows mean fewer index lookups and no classified found
 * twice (except one without an area, which the repository de-duplicates).
 */
export function mergeWindows(windows: readonly CandidateWindow[]): CandidateWindow[] {
  const groups = new Map<string, CandidateWindow[]>();
  for (const window of windows) {
    const key = blockKey(window);
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

/** What regrouping decided. */
export type Regrouping = {
  /** The property of every classified grouped again (new ones included), by classified id. */
  propertyOf: Map<string, string>;
  /** Ids of properties made by this regrouping (new classifieds, splits). */
  created: Set<string>;
  /** Former properties that no group kept, and the property that took most of their classifieds. */
  absorbed: Map<string, string>;
};

/**
 * Groups again the part of `set` that the classifieds `changed` (ids) can move, and names the groups: the
 * connected part of their blocks around them (cluster.ts, `clusterAround`): the changed classifieds, those that
 * share a photo with one (and those in `alsoSeeds`: the ones that shared a photo with a changed classified's
 * former version), every classified linked to one of these, and every other member of their properties. Those
 * groups are the ones that grouping the whole set again would give; every other classified of the set keeps
 * its property. `set` holds the changed classifieds in their final state, the stored classifieds they may match
 * and the other members of their former properties. A classified new to grouping has an empty `propertyId`.
 */
export function regroupAround(set: readonly PropertyCandidate[], changed: ReadonlySet<string>, alsoSeeds: ReadonlySet<string> = new Set()): Regrouping {
  const seeds = new Set<string>();
  for (const candidate of set) if (changed.has(candidate.classifiedId) || alsoSeeds.has(candidate.classifiedId)) seeds.add(candidate.record.key);
  const byKey = new Map(set.map((candidate) => [candidate.record.key, candidate]));
  const groups = clusterAround(
    set.map((candidate) => candidate.record),
    seeds,
    (record) => byKey.get(record.key)?.propertyId,
  );
  return nameGroups(groups, byKey);
}

/**
 * Stored classifieds of `set` that share a photo with one of `formerRecords` (the state before a batch of the
 * classifieds it changed) and were comparable with it: how common their photos were in their block changes
 * with the change, and with it the scores of their pairs.
 */
export function sharedPhotoWith(set: readonly PropertyCandidate[], formerRecords: readonly GroupingRecord[]): Set<string> {
  const found = new Set<string>();
  if (formerRecords.length === 0) return found;
  const byBlock = new Map<string, GroupingRecord[]>();
  for (const record of formerRecords) {
    if (record.photos.length === 0) continue;
    const key = blockKey(record);
    byBlock.set(key, [...(byBlock.get(key) ?? []), record]);
  }
  if (byBlock.size === 0) return found;
  for (const candidate of set) {
    const former = byBlock.get(blockKey(candidate.record));
    if (former === undefined || candidate.record.photos.length === 0) continue;
    const shares = former.some(
      (record) => record.key !== candidate.record.key && areasComparable(record.area, candidate.record.area) && countSharedPhotos(record, candidate.record) > 0,
    );
    if (shares) found.add(candidate.classifiedId);
  }
  return found;
}

/**
 * Groups `classifieds` again, every one of them (`listings regroup`), and names the groups. A classified new to
 * grouping has an empty `propertyId`.
 */
export function regroup(classifieds: readonly PropertyCandidate[]): Regrouping {
  const byKey = new Map(classifieds.map((candidate) => [candidate.record.key, candidate]));
  return nameGroups(clusterRecords(classifieds.map((candidate) => candidate.record)), byKey);
}

/** The property of each group's members: ids kept, made or absorbed (cluster-identity.ts). */
function nameGroups(groups: ReadonlyArray<readonly GroupingRecord[]>, byKey: ReadonlyMap<string, PropertyCandidate>): Regrouping {
  const keys = groups.map((group) => group.map((record) => record.key));
  const members = keys.map((group) =>
    group.map((key) => {
      const candidate = byKey.get(key);
      return { key, previous: candidate?.propertyId || undefined, seniority: candidate?.classifiedId ?? key };
    }),
  );
  const identity = identifyGroups(members, timeOrderedUuid);
  const before = new Set<string>();
  for (const group of keys) for (const key of group) before.add(byKey.get(key)?.propertyId ?? "");
  const propertyOf = new Map<string, string>();
  keys.forEach((members, index) => {
    const propertyId = identity.propertyIds[index] as string; // one id per group
    for (const key of members) {
      const candidate = byKey.get(key);
      if (candidate !== undefined) propertyOf.set(candidate.classifiedId, propertyId);
    }
  });
  const created = new Set(identity.propertyIds.filter((id) => !before.has(id)));
  return { propertyOf, created, absorbed: identity.absorbed };
}
