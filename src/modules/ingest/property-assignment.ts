/**
 * Which property each classified belongs to. Grouping is re-decided around every classified a batch creates,
 * or changes in a way that matters to grouping: the classified, the stored classifieds it may match (same
 * commune and types and an area close enough, or a neighbouring commune and a close area and price) and the other
 * members of its former property are grouped again together (domain/grouping), so that a new copy that links two
 * properties merges them, and a corrected listing that no longer fits its property leaves it. Property ids are
 * kept across regroupings (cluster-identity.ts).
 */
import type { ClassifiedRow } from "../../db/schema/index.js";
import { identifyGroups } from "../../domain/grouping/cluster-identity.js";
import { clusterAround, clusterRecords, samePoint, twoFlatsAmong } from "../../domain/grouping/cluster.js";
import { countSharedPhotos, MAX_AREA_GAP, type GroupingRecord } from "../../domain/grouping/pair-score.js";
import { packPhotoList } from "../../domain/grouping/photo-hash.js";
import { groupingZoneOf, neighboursOf } from "../../domain/grouping/grouping-zone.js";
import { blockKey, NEIGHBOUR_AREA_GAP, NEIGHBOUR_PRICE_GAP, publisherNameKey, worthComparing } from "../../domain/grouping/pair-features.js";
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
  | "department"
  | "groupingType"
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
  | "statedFloor"
  | "statedLot"
  | "sourceDomain"
  | "firstSeenAt"
  | "publisherSiret"
  | "publisherSiren"
  | "publisherType"
  | "publisherPhone"
  | "publisherName"
  | "publisherEmail"
  | "publisherIsProfessional"
  | "contactPhone"
  | "isExclusiveMandate"
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
  "isExclusiveMandate",
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
    zone: groupingZoneOf(row.inseeCode),
    groupingType: row.groupingType,
    transactionType: row.transactionType,
    area: plausibleArea(row.area, row.roomCount),
    landArea: row.landArea,
    roomCount: row.roomCount,
    bedroomCount: row.bedroomCount,
    floor: row.floor ?? row.statedFloor,
    price: row.priceCurrent,
    photos: photosOf(row.imageHashes),
    textSignature: row.textSignature,
    condominiumLots: row.condominiumLots,
    condominiumCharges: row.condominiumCharges,
    lot: row.statedLot,
    sourceDomain: row.sourceDomain,
    firstSeen: row.firstSeenAt.getTime(),
    publisherSiret: row.publisherSiret,
    publisherSiren: row.publisherSiren,
    publisherType: row.publisherType,
    publisherPhone: row.publisherPhone,
    publisherName: nameKeyOf(row.publisherName),
    publisherEmail: row.publisherEmail,
    publisherIsProfessional: row.publisherIsProfessional,
    contactPhone: row.contactPhone,
    isExclusiveMandate: row.isExclusiveMandate,
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

/** The slice of the database to search: entries per classified to group (see `candidateWindows`). */
export type CandidateWindow = {
  /**
   * `commune`: the classified's own commune (`place` is its INSEE code), by area; `zone`: the communes neighbouring
   * it (`neighbours`; `place` is their zone, grouping-zone.ts), by close area and price (`worthComparing`).
   */
  kind: "commune" | "zone";
  place: string;
  /** The department of the commune or zone (a zone never crosses one). */
  department: string;
  /** The commune whose own window searches it already, whose neighbours a zone's searches; null in a commune's window. */
  besides: string | null;
  /** A zone's window: the neighbours of `besides` (grouping-zone.ts, `neighboursOf`); empty in a commune's window. */
  neighbours: readonly string[];
  groupingType: string;
  transactionType: string;
  /** Inclusive area bounds; null when the classified's area is unknown (then any area may match). */
  areaMin: number | null;
  areaMax: number | null;
  /** Inclusive price bounds of a zone's window; null in a commune's (any price). */
  priceMin: number | null;
  priceMax: number | null;
};

/**
 * Classifieds outside these windows are never compared with `row` (pair-features.ts, `worthComparing`): in its
 * commune, one window around its area and one around each decimal shift of it, where a copy published with a
 * misplaced decimal point is (plausible-area.ts), or any area when its own is implausible or unknown; in the
 * communes neighbouring it, a narrow window of area and price, when it gives a plausible area.
 */
export function candidateWindows(
  row: Pick<GroupingColumns, "inseeCode" | "department" | "groupingType" | "transactionType" | "area" | "roomCount" | "priceCurrent">,
): CandidateWindow[] {
  const area = plausibleArea(row.area, row.roomCount);
  const of = { department: row.department, groupingType: row.groupingType, transactionType: row.transactionType };
  const own = (around: number | null): CandidateWindow => ({
    kind: "commune",
    place: row.inseeCode,
    ...of,
    besides: null,
    neighbours: [],
    areaMin: around === null ? null : around * (1 - MAX_AREA_GAP) - 1,
    areaMax: around === null ? null : (around + 1) / (1 - MAX_AREA_GAP),
    priceMin: null,
    priceMax: null,
  });
  if (area === null) return [own(null)];
  const windows = [own(area), ...DECIMAL_SHIFTS.map((shift) => own(area * shift))];
  const neighbours = neighboursOf(row.inseeCode);
  if (neighbours.length > 0) {
    windows.push({
      kind: "zone",
      place: groupingZoneOf(row.inseeCode),
      ...of,
      besides: row.inseeCode,
      neighbours,
      areaMin: area * (1 - NEIGHBOUR_AREA_GAP) - 0.5,
      areaMax: (area + 0.5) / (1 - NEIGHBOUR_AREA_GAP),
      priceMin: row.priceCurrent * (1 - NEIGHBOUR_PRICE_GAP),
      priceMax: row.priceCurrent / (1 - NEIGHBOUR_PRICE_GAP),
    });
  }
  return windows;
}

/**
 * The windows of a batch's classifieds, merged: one unbounded window for a place and types where some area is
 * unknown, else overlapping area ranges joined (a zone's windows only when their prices' ranges overlap too, then
 * joined as well). Fewer windows mean fewer index lookups and fewer classifieds found twice (the repository keeps
 * each once).
 */
export function mergeWindows(windows: readonly CandidateWindow[]): CandidateWindow[] {
  const groups = new Map<string, CandidateWindow[]>();
  for (const window of windows) {
    const key = `${window.kind}|${window.place}|${window.besides}|${window.groupingType}|${window.transactionType}`;
    const group = groups.get(key);
    if (group === undefined) groups.set(key, [window]);
    else group.push(window);
  }
  const merged: CandidateWindow[] = [];
  for (const group of groups.values()) {
    const [first] = group;
    if (first === undefined) continue;
    if (group.some((window) => window.areaMin === null || window.areaMax === null)) {
      merged.push({ ...first, areaMin: null, areaMax: null });
      continue;
    }
    // In order of area: each window joins an open one it overlaps, or opens one; an open window that ends below
    // the next one's area is done.
    const sorted = [...group].sort((a, b) => (a.areaMin ?? 0) - (b.areaMin ?? 0));
    let open: CandidateWindow[] = [];
    for (const window of sorted) {
      const areaMin = window.areaMin ?? 0;
      merged.push(...open.filter((current) => (current.areaMax ?? 0) < areaMin));
      open = open.filter((current) => (current.areaMax ?? 0) >= areaMin);
      const current = open.find((candidate) => pricesOverlap(candidate, window));
      if (current === undefined) {
        open.push({ ...window });
        continue;
      }
      current.areaMax = Math.max(current.areaMax ?? 0, window.areaMax ?? 0);
      current.priceMin = lowest(current.priceMin, window.priceMin);
      current.priceMax = highest(current.priceMax, window.priceMax);
    }
    merged.push(...open);
  }
  return merged;
}

/** Whether two windows' price ranges overlap (always, in a commune's windows: they have none). */
function pricesOverlap(a: CandidateWindow, b: CandidateWindow): boolean {
  return a.priceMin === null || a.priceMax === null || b.priceMin === null || b.priceMax === null || (a.priceMin <= b.priceMax && b.priceMin <= a.priceMax);
}

function lowest(a: number | null, b: number | null): number | null {
  return a === null || b === null ? null : Math.min(a, b);
}

function highest(a: number | null, b: number | null): number | null {
  return a === null || b === null ? null : Math.max(a, b);
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
 * share a photo or their point with one (and those in `alsoSeeds`: the ones that shared a photo or their point
 * with a changed classified's former version, `sharingWithFormer`), every classified linked to one of these, and
 * every other member of their properties. Those groups are the ones that grouping the whole set again would give;
 * every other classified of the set keeps its property. `set` holds the changed classifieds in their final state,
 * the stored classifieds they may match and the other members of their former properties. A classified new to
 * grouping has an empty `propertyId`.
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
 * Stored classifieds of `set` whose scores a batch's change of `formerRecords` (the state before the batch of the
 * classifieds it changed, `changed` their ids) may have moved without their being near the changed ones now: those
 * that share a photo with a former record and were comparable with it (how common their photos were in their
 * block changes with the change), and those at a former record's exact point whose point the records that stay
 * there do not make no address already (whether it is an address may change: cluster.ts, `located`; a point that
 * two flats' listings still show, a commune's centre with hundreds, stays no address whatever left it).
 */
export function sharingWithFormer(set: readonly PropertyCandidate[], formerRecords: readonly GroupingRecord[], changed: ReadonlySet<string>): Set<string> {
  const found = new Set<string>();
  const byBlock = new Map<string, GroupingRecord[]>();
  for (const record of formerRecords) {
    if (record.photos.length === 0 && record.latitude === null) continue;
    const key = blockKey(record);
    const records = byBlock.get(key);
    if (records === undefined) byBlock.set(key, [record]);
    else records.push(record);
  }
  if (byBlock.size === 0) return found;
  const staying = new Map<string, GroupingRecord[]>();
  for (const candidate of set) {
    if (candidate.record.latitude === null || changed.has(candidate.classifiedId)) continue;
    const key = pointKey(candidate.record);
    const records = staying.get(key);
    if (records === undefined) staying.set(key, [candidate.record]);
    else records.push(candidate.record);
  }
  const pointStaysNoAddress = (record: GroupingRecord) => {
    const here = staying.get(pointKey(record)) ?? [];
    return twoFlatsAmong([record, ...here.filter((other) => other !== record && worthComparing(record, other))]);
  };
  for (const candidate of set) {
    const former = byBlock.get(blockKey(candidate.record));
    if (former === undefined || changed.has(candidate.classifiedId)) continue;
    let photo = false;
    let point = false;
    for (const record of former) {
      if (record.key === candidate.record.key || !worthComparing(record, candidate.record)) continue;
      point ||= samePoint(record, candidate.record);
      photo = countSharedPhotos(record, candidate.record) > 0;
      if (photo) break;
    }
    if (photo || (point && !pointStaysNoAddress(candidate.record))) found.add(candidate.classifiedId);
  }
  return found;
}

/** A record's block and exact point. */
function pointKey(record: GroupingRecord): string {
  return `${blockKey(record)}|${record.latitude}|${record.longitude}`;
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
