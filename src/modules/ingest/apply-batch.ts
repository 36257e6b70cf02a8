/**
 * One batch of normalised lines: plan it (read the affected classifieds, apply the lines in memory, place new
 * classifieds in properties, derive the touched properties, build the set-based statements that write it all),
 * then send those statements in the batch's transaction, the events last (their lock is held only until
 * commit). batch-pipeline.ts runs the two steps.
 */
import type { SQL } from "drizzle-orm";
import type { Transaction } from "../../db/client.js";
import { sendNow } from "../../db/send-now.js";
import type { ClassifiedRow, NewEventRow, PropertyRow, StoredImage } from "../../db/schema/index.js";
import { appendEventsStatements } from "../events/events.repository.js";
import type { BatchOverlay, BatchReader } from "./batch-reader.js";
import { applyLines, type ClassifiedChange } from "./classified-changes.js";
import { classifiedEvent, classifiedEventType, propertyEvent } from "./event-rows.js";
import {
  insertPriceHistoryStatements,
  writeImageListsStatements,
  touchClassifiedsSeenStatements,
  touchPropertiesSeenStatements,
  upsertClassifiedsStatements,
  upsertPropertiesStatements,
  type ImageList,
} from "./ingest.repository.js";
import type { LineOutcome } from "./ingest.types.js";
import type { NormalisedLine } from "./normalised.types.js";
import { assignProperties, candidateWindow, matchCandidateOf, mergeWindows, type PropertyCandidate } from "./property-assignment.js";
import { deriveProperty, type PropertyMember } from "./property-derivation.js";
import { timeOrderedUuid } from "./time-ordered-uuid.js";

export type BatchResult = { outcomes: LineOutcome[]; events: NewEventRow[] };

/** Everything a batch writes, decided from the stored rows it read. */
export type BatchPlan = {
  result: BatchResult;
  /** Every classified the lines touched, including those they left unchanged. */
  changes: ClassifiedChange[];
  properties: PropertyRow[];
  /**
   * The statements that write it, in order, rows already encoded: built with the plan, which is made while
   * the batch before writes, so that once this batch has its turn nothing remains but sending them.
   */
  statements: SQL[];
};

/** Decides what the lines change, from the stored rows `reader` gives; writes nothing. */
export async function planBatch(reader: BatchReader, lines: readonly NormalisedLine[]): Promise<BatchPlan> {
  const existing = await reader.classifiedsByUrlKeys([...new Set(lines.map((line) => line.urlKey))]);
  const applied = applyLines(new Map(existing.map((row) => [row.urlKey, row])), lines);
  const changes = [...applied.changes.values()];
  const createdProperties = await placeNewClassifieds(reader, changes);

  const dirty = changes.filter((change) => change.dirty);
  const { rows: properties, events: propertyEvents } = await deriveProperties(reader, dirty, createdProperties);
  const events: NewEventRow[] = [];
  for (const change of dirty) {
    const type = classifiedEventType(change);
    if (type !== null) events.push(classifiedEvent(change, type));
  }
  events.push(...propertyEvents);
  const priceEntries = applied.priceEntries.map((entry) => ({ id: timeOrderedUuid(), ...entry }));

  const revisited = changes.filter((change) => change.seenOnly).map((change) => change.row);
  const withNewImages = dirty.filter((change) => change.images !== undefined);
  const lists = withNewImages.filter((change) => change.images?.length).map(imageList);
  // New classifieds have no list to delete.
  const emptied = withNewImages.filter((change) => change.before !== undefined && change.images?.length === 0).map((change) => change.row.id);
  const statements = [
    ...upsertPropertiesStatements(properties),
    ...upsertClassifiedsStatements(dirty.map((change) => change.row)),
    ...touchClassifiedsSeenStatements(revisited.map((row) => ({ id: row.id, lastSeenAt: row.lastSeenAt }))),
    ...touchPropertiesSeenStatements(revisited.map((row) => ({ id: row.propertyId, lastSeenAt: row.lastSeenAt }))),
    ...insertPriceHistoryStatements(priceEntries),
    ...writeImageListsStatements(lists, emptied),
    ...appendEventsStatements(events),
  ];
  return { result: { outcomes: applied.outcomes, events }, changes, properties, statements };
}

/**
 * Writes a planned batch in the caller's transaction, which must hold the ingest's turn. Every statement is
 * sent at once, in order, and runs back to back on the transaction's connection (postgres.js pipelines them):
 * PostgreSQL does not wait for this thread between two of them, busy as it may be planning the next batch.
 */
export async function writeBatch(tx: Transaction, plan: BatchPlan): Promise<void> {
  await Promise.all(plan.statements.map((statement) => sendNow(tx, statement)));
}

/** What the next batch must see of this one before it commits (batch-reader.ts). */
export function overlayOf(plan: BatchPlan): BatchOverlay {
  return { classifieds: plan.changes.map((change) => change.row), properties: new Map(plan.properties.map((row) => [row.id, row])) };
}

/** The classified's new images as stored, each with a new id. */
function imageList(change: ClassifiedChange): ImageList {
  const images = (change.images ?? []).map((image): StoredImage => [
    timeOrderedUuid(),
    image.url,
    image.perceptualHash,
    image.differenceHash,
    image.averageHash,
  ]);
  return { classifiedId: change.row.id, images };
}

/** Gives every classified created by the batch its property; returns the ids of the new properties. */
async function placeNewClassifieds(reader: BatchReader, changes: readonly ClassifiedChange[]): Promise<Set<string>> {
  const newcomers = changes.filter((change) => change.before === undefined);
  if (newcomers.length === 0) return new Set();
  const stored = await reader.matchCandidates(mergeWindows(newcomers.map((change) => candidateWindow(change.row))));
  // Classifieds this batch changed are compared in their new state.
  const inMemory = new Map(changes.filter((change) => change.before !== undefined).map((change) => [change.row.id, change.row]));
  const candidates: PropertyCandidate[] = stored.map((candidate) => {
    const row = inMemory.get(candidate.classifiedId);
    return row === undefined ? candidate : { ...candidate, match: matchCandidateOf(row) };
  });
  return assignProperties(newcomers.map((change) => change.row), candidates);
}

/** Derives every property that a written classified belongs to; returns the rows to write and their events. */
async function deriveProperties(
  reader: BatchReader,
  dirty: readonly ClassifiedChange[],
  createdProperties: ReadonlySet<string>,
): Promise<{ rows: PropertyRow[]; events: NewEventRow[] }> {
  const touched = [...new Set(dirty.map((change) => change.row.propertyId))];
  const storedIds = touched.filter((id) => !createdProperties.has(id));
  const inMemoryIds = dirty.map((change) => change.row.id);
  const [previousRows, others] = await Promise.all([
    reader.propertiesByIds(storedIds),
    reader.classifiedsOfProperties(storedIds, inMemoryIds),
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
