/**
 * Identity and history rules of a classified, applied in memory to the lines of one batch (README, "Ingest
 * format"). Pure: takes the rows as they were before the batch, returns the final rows and what changed.
 *
 * - Same canonical url key = same classified; its uuid is assigned once, at creation.
 * - An observation not newer than the last one applied (max of lastSeenAt and lastModifiedAt) changes
 *   nothing: it is stale (or a repeat), which keeps re-ingesting a file idempotent.
 * - Same content and status: a re-visit; only lastSeenAt moves.
 * - Any normalised field different: the new values apply, lastModifiedAt moves, and a price change appends
 *   a price-history entry.
 * - A removal (a bare removal line or status `removed`) sets status and removedAt; a later observation with
 *   another status brings the listing back and clears removedAt.
 */
import { newClassifiedRow } from "./new-classified-row.js";
import { timeOrderedUuid } from "./time-ordered-uuid.js";
import type { ClassifiedRow } from "../../db/schema/index.js";
import type { LineOutcome } from "./ingest.types.js";
import type { ClassifiedContent, NormalisedImage, NormalisedLine, NormalisedObservation } from "./normalised.types.js";

export type PriceEntry = { classifiedId: string; value: number; observedAt: Date };

/** Everything a batch did to one classified. */
export type ClassifiedChange = {
  /** Final state. For a new classified `propertyId` is empty until property assignment. */
  row: ClassifiedRow;
  /** State before the batch; undefined for a classified created by this batch. */
  before: ClassifiedRow | undefined;
  /** Names of the normalised fields that changed (classified column names, plus `images`). */
  changedFields: Set<string>;
  /** The whole row must be written (created, or content, status or timestamps other than lastSeenAt moved). */
  dirty: boolean;
  /** Only lastSeenAt moved. */
  seenOnly: boolean;
  /** The image list to store when it changed (or on creation). */
  images: NormalisedImage[] | undefined;
};

export type AppliedLines = {
  outcomes: LineOutcome[];
  changes: Map<string, ClassifiedChange>;
  priceEntries: PriceEntry[];
};

/**
 * Applies `lines` in order to the classifieds in `existing` (by url key). Lines about the same url in one
 * batch apply one after the other, each seeing the result of the previous one.
 */
export function applyLines(existing: ReadonlyMap<string, ClassifiedRow>, lines: readonly NormalisedLine[]): AppliedLines {
  const changes = new Map<string, ClassifiedChange>();
  const priceEntries: PriceEntry[] = [];
  const outcomes = lines.map((line) => {
    const before = existing.get(line.urlKey);
    const current = changes.get(line.urlKey) ?? (before === undefined ? undefined : startChange(before));
    const result = line.kind === "removal" ? applyRemoval(current, line.observedAt) : applyObservation(current, line, priceEntries);
    if (result.change !== undefined) changes.set(line.urlKey, result.change);
    return result.outcome;
  });
  return { outcomes, changes, priceEntries };
}

function startChange(before: ClassifiedRow): ClassifiedChange {
  return { row: { ...before }, before, changedFields: new Set(), dirty: false, seenOnly: false, images: undefined };
}

type LineResult = { outcome: LineOutcome; change: ClassifiedChange | undefined };

/** The time of the last observation applied to a classified; older or equal observations change nothing. */
function watermark(row: ClassifiedRow): number {
  return Math.max(row.lastSeenAt.getTime(), row.lastModifiedAt.getTime());
}

function applyRemoval(change: ClassifiedChange | undefined, observedAt: Date): LineResult {
  // Unknown listing (nothing to end), stale line, or already removed: nothing to do.
  if (change === undefined) return { outcome: "unchanged", change };
  if (observedAt.getTime() <= watermark(change.row) || change.row.status === "removed") return { outcome: "unchanged", change };
  const { row } = change;
  row.status = "removed";
  row.removedAt = observedAt;
  row.lastModifiedAt = observedAt;
  change.changedFields.add("status").add("removedAt");
  change.dirty = true;
  change.seenOnly = false;
  return { outcome: "removed", change };
}

function applyObservation(change: ClassifiedChange | undefined, line: NormalisedObservation, priceEntries: PriceEntry[]): LineResult {
  if (change === undefined) {
    const created = createClassified(line);
    priceEntries.push({ classifiedId: created.row.id, value: line.content.priceCurrent, observedAt: line.observedAt });
    return { outcome: "created", change: created };
  }
  const { row } = change;
  const at = line.observedAt;
  if (at.getTime() <= watermark(row)) return { outcome: "unchanged", change };
  const isRemoved = line.status === "removed";
  const changedFields = changedContentFields(row, line.content);
  const imagesChanged = row.imagesDigest !== line.imagesDigest;
  if (changedFields.length === 0 && !imagesChanged && row.status === line.status) {
    if (!isRemoved) {
      row.lastSeenAt = at;
      if (!change.dirty) change.seenOnly = true;
    }
    return { outcome: "unchanged", change };
  }

  for (const field of changedFields) change.changedFields.add(field);
  if (imagesChanged) {
    change.changedFields.add("images");
    change.images = line.images;
    row.imageHashes = imageHashesOf(line.images);
  }
  if (row.priceCurrent !== line.content.priceCurrent) {
    priceEntries.push({ classifiedId: row.id, value: line.content.priceCurrent, observedAt: at });
  }
  const wasRemoved = row.status === "removed";
  if (row.status !== line.status) change.changedFields.add("status");
  Object.assign(row, line.content);
  row.status = line.status;
  row.imagesDigest = line.imagesDigest;
  row.lastModifiedAt = at;
  if (!isRemoved) row.lastSeenAt = at;
  if (isRemoved && !wasRemoved) row.removedAt = at;
  if (!isRemoved && row.removedAt !== null) row.removedAt = null;
  if (isRemoved !== wasRemoved) change.changedFields.add("removedAt");
  change.dirty = true;
  change.seenOnly = false;
  return { outcome: isRemoved && !wasRemoved ? "removed" : "updated", change };
}

function createClassified(line: NormalisedObservation): ClassifiedChange {
  const isRemoved = line.status === "removed";
  const row = newClassifiedRow(
    {
      id: timeOrderedUuid(),
      propertyId: "",
      urlKey: line.urlKey,
      sourceUrl: line.sourceUrl,
      status: line.status,
      imagesDigest: line.imagesDigest,
      imageHashes: imageHashesOf(line.images),
      priceInitial: line.content.priceCurrent,
      firstSeenAt: line.observedAt,
      lastSeenAt: line.observedAt,
      lastModifiedAt: line.observedAt,
      removedAt: isRemoved ? line.observedAt : null,
    },
    line.content,
  );
  return {
    row,
    before: undefined,
    changedFields: new Set(),
    dirty: true,
    seenOnly: false,
    images: line.images,
  };
}

/** The `image_hashes` column: the images' perceptual hashes in order, comma-separated. */
function imageHashesOf(images: readonly NormalisedImage[]): string {
  let hashes = "";
  for (const { perceptualHash } of images) {
    if (perceptualHash !== null) hashes = hashes === "" ? perceptualHash : `${hashes},${perceptualHash}`;
  }
  return hashes;
}

/**
 * Names of the content columns whose value differs between the stored row and a new observation: none means
 * the observation changed nothing but the images or the status, which are compared apart. Values read back from
 * either database compare equal to the ones written (texts, integers, doubles, booleans, dates to the
 * millisecond), which the re-visit tests check field by field on both.
 */
function changedContentFields(row: ClassifiedRow, content: ClassifiedContent): string[] {
  const changed: string[] = [];
  for (const field in content) {
    const key = field as keyof ClassifiedContent; // A ClassifiedContent object's own keys, all of them classified columns.
    if (!sameValue(row[key], content[key]) && !DERIVED_CONTENT.has(key)) changed.push(field);
  }
  return changed;
}

/**
 * Content columns computed from other fields, never shown: a change of them is a change of the fields they
 * come from (the text signature, the copropriété's figures, the stated floor and lot follow the title and description,
 * the grouping type the type and floor), and is written with those.
 */
const DERIVED_CONTENT: ReadonlySet<keyof ClassifiedContent> = new Set([
  "textSignature",
  "condominiumLots",
  "condominiumCharges",
  "statedFloor",
  "statedLot",
  "groupingType",
]);

function sameValue(a: unknown, b: unknown): boolean {
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();
  return a === b;
}
