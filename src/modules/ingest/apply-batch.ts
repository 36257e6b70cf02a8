/**
 * One batch of normalised lines, applied in one transaction: read the affected classifieds, apply the lines
 * in memory, place new classifieds in properties, derive the touched properties, write everything with
 * set-based statements, and record the events last (their lock is held only until commit).
 */
import type { Database, Transaction } from "../../db/client.js";
import type { ClassifiedRow, NewEventRow, PropertyRow } from "../../db/schema/index.js";
import { appendEvents } from "../events/events.repository.js";
import { applyLines, type ClassifiedChange } from "./classified-changes.js";
import { classifiedEvent, classifiedEventType, propertyEvent } from "./event-rows.js";
import {
  findClassifiedsByUrlKeys,
  findClassifiedsOfProperties,
  findMatchCandidates,
  findPropertiesByIds,
  insertPriceHistory,
  lockIngest,
  replaceImages,
  touchClassifiedsSeen,
  touchPropertiesSeen,
  upsertClassifieds,
  upsertProperties,
  type NewImage,
} from "./ingest.repository.js";
import type { LineOutcome } from "./ingest.types.js";
import type { NormalisedLine } from "./normalised.types.js";
import { assignProperties, candidateWindow, matchCandidateOf, mergeWindows, type PropertyCandidate } from "./property-assignment.js";
import { deriveProperty, type PropertyMember } from "./property-derivation.js";
import { timeOrderedUuid } from "./time-ordered-uuid.js";

export type BatchResult = { outcomes: LineOutcome[]; events: NewEventRow[] };

/** Applies the lines atomically: either all of them are committed, or (on a database error) none. */
export async function applyBatch(db: Database, lines: readonly NormalisedLine[]): Promise<BatchResult> {
  return db.transaction(async (tx) => {
    await lockIngest(tx);
    const existing = await findClassifiedsByUrlKeys(tx, [...new Set(lines.map((line) => line.urlKey))]);
    const applied = applyLines(new Map(existing.map((row) => [row.urlKey, row])), lines);
    const changes = [...applied.changes.values()];
    const createdProperties = await placeNewClassifieds(tx, changes);

    const dirty = changes.filter((change) => change.dirty);
    const { rows: propertyRows, events: propertyEvents } = await deriveProperties(tx, dirty, createdProperties);
    const events: NewEventRow[] = [];
    for (const change of dirty) {
      const type = classifiedEventType(change);
      if (type !== null) events.push(classifiedEvent(change, type));
    }
    events.push(...propertyEvents);

    await upsertProperties(tx, propertyRows);
    await upsertClassifieds(tx, dirty.map((change) => change.row));
    const revisited = changes.filter((change) => change.seenOnly).map((change) => change.row);
    await touchClassifiedsSeen(tx, revisited.map((row) => ({ id: row.id, lastSeenAt: row.lastSeenAt })));
    await touchPropertiesSeen(tx, revisited.map((row) => ({ id: row.propertyId, lastSeenAt: row.lastSeenAt })));
    await insertPriceHistory(tx, applied.priceEntries.map((entry) => ({ id: timeOrderedUuid(), ...entry })));
    const withNewImages = dirty.filter((change) => change.images !== undefined);
    // New classifieds have no images to delete.
    const replaced = withNewImages.filter((change) => change.before !== undefined).map((change) => change.row.id);
    await replaceImages(tx, replaced, withNewImages.flatMap(imageRows));
    await appendEvents(tx, events);
    return { outcomes: applied.outcomes, events };
  });
}

function imageRows(change: ClassifiedChange): NewImage[] {
  return (change.images ?? []).map((image) => ({ id: timeOrderedUuid(), classifiedId: change.row.id, ...image }));
}

/** Gives every classified created by the batch its property; returns the ids of the new properties. */
async function placeNewClassifieds(tx: Transaction, changes: readonly ClassifiedChange[]): Promise<Set<string>> {
  const newcomers = changes.filter((change) => change.before === undefined);
  if (newcomers.length === 0) return new Set();
  const stored = await findMatchCandidates(tx, mergeWindows(newcomers.map((change) => candidateWindow(change.row))));
  // Classifieds this batch changed are compared in their new state.
  const inMemory = new Map(changes.filter((change) => change.before !== undefined).map((change) => [change.row.id, change]));
  const candidates: PropertyCandidate[] = stored.map((candidate) => {
    const change = inMemory.get(candidate.classifiedId);
    if (change === undefined) return candidate;
    return { ...candidate, match: matchCandidateOf(change.row, change.imageHashes ?? candidate.match.imageHashes) };
  });
  return assignProperties(
    newcomers.map((change) => ({ row: change.row, imageHashes: change.imageHashes ?? [] })),
    candidates,
  );
}

/** Derives every property that a written classified belongs to; returns the rows to write and their events. */
async function deriveProperties(
  tx: Transaction,
  dirty: readonly ClassifiedChange[],
  createdProperties: ReadonlySet<string>,
): Promise<{ rows: PropertyRow[]; events: NewEventRow[] }> {
  const touched = [...new Set(dirty.map((change) => change.row.propertyId))];
  const storedIds = touched.filter((id) => !createdProperties.has(id));
  const inMemoryIds = dirty.map((change) => change.row.id);
  const [previousRows, others] = await Promise.all([
    findPropertiesByIds(tx, storedIds),
    findClassifiedsOfProperties(tx, storedIds, inMemoryIds),
  ]);
  const previous = new Map(previousRows.map((row) => [row.id, row]));
  const members = new Map<string, PropertyMember[]>(touched.map((id) => [id, []]));
  for (const change of dirty) members.get(change.row.propertyId)?.push({ row: change.row, before: change.before });
  for (const row of others) members.get(row.propertyId)?.push({ row, before: row });

  const rows: PropertyRow[] = [];
  const events: NewEventRow[] = [];
  for (const [propertyId, propertyMembers] of members) {
    const derived = deriveProperty(propertyId, propertyMembers, previous.get(propertyId));
    if (derived.write) rows.push(derived.row);
    if (derived.eventType !== null) {
      const memberRows: ClassifiedRow[] = propertyMembers.map((member) => member.row);
      events.push(propertyEvent(derived.row, memberRows, derived.eventType, derived.changedFields));
    }
  }
  return { rows, events };
}
