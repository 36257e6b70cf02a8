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
import { classifiedEvent, classifiedEventType, propertyEvent, propertyViewEvent } from "./event-rows.js";
import {
  absorbPropertiesStatements,
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
import {
  candidateOf,
  candidateWindows,
  changesGrouping,
  mergeWindows,
  regroup,
  regroupAround,
  sharingWithFormer,
  type PropertyCandidate,
  type Regrouping,
} from "./property-assignment.js";
import { deriveProperty, publisherViewChanges, type PropertyMember } from "./property-derivation.js";
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
  const grouping = await regroupChanges(reader, changes);

  const dirty = changes.filter((change) => change.dirty);
  const { rows: properties, events: propertyEvents, absorbed } = await deriveProperties(reader, dirty, grouping);
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
    ...absorbPropertiesStatements(absorbed),
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
  const images = (change.images ?? []).map(
    (image): StoredImage => [timeOrderedUuid(), image.url, image.perceptualHash, image.differenceHash, image.averageHash],
  );
  return { classifiedId: change.row.id, images };
}

/** What regrouping did to the batch's classifieds, for the properties' derivation. */
type BatchGrouping = Regrouping & {
  /** The property each moved classified (new ones excluded) belonged to before. */
  formerProperty: Map<string, string>;
};

/**
 * Groups again the classifieds the batch created or changed in a way that matters to grouping, with the stored
 * classifieds they may match and the other members of their former properties (property-assignment.ts). Every
 * classified whose property changes becomes a change of the batch (`propertyId` changed), stored ones included.
 */
async function regroupChanges(reader: BatchReader, changes: ClassifiedChange[]): Promise<BatchGrouping> {
  const regrouped = changes.filter((change) => change.before === undefined || (change.dirty && changesGrouping(change.changedFields)));
  if (regrouped.length === 0) return { propertyOf: new Map(), created: new Set(), absorbed: new Map(), formerProperty: new Map() };
  const regroupedIds = regrouped.map((change) => change.row.id);
  const formerIds = [...new Set(regrouped.flatMap((change) => (change.before === undefined ? [] : [change.before.propertyId])))];
  const [stored, formerMembers] = await Promise.all([
    reader.matchCandidates(mergeWindows(regrouped.flatMap((change) => candidateWindows(change.row)))),
    reader.classifiedsOfProperties(formerIds, regroupedIds),
  ]);
  // Classifieds this batch changed take part in their new state.
  const inBatch = new Map(changes.map((change) => [change.row.id, change]));
  const set = new Map<string, PropertyCandidate>();
  for (const candidate of [...stored, ...formerMembers.map(candidateOf)]) {
    const change = inBatch.get(candidate.classifiedId);
    set.set(candidate.classifiedId, change === undefined ? candidate : candidateOf(change.row));
  }
  for (const change of regrouped) set.set(change.row.id, candidateOf(change.row));
  const candidates = [...set.values()];
  const formerRecords = regrouped.flatMap((change) => (change.before === undefined ? [] : [candidateOf(change.before).record]));
  const around = { changed: new Set(regroupedIds), sharingWithFormer: sharingWithFormer(candidates, formerRecords, new Set(regroupedIds)) };
  return applyRegrouping(reader, candidates, changes, around);
}

/**
 * Groups `set` again, or with `around` only the part of it that the classifieds `around.changed` can move (see
 * `regroupAround`), and records every classified whose property changes as a change in `changes` (stored ones
 * included: read whole, `propertyId` changed).
 */
export async function applyRegrouping(
  reader: BatchReader,
  set: readonly PropertyCandidate[],
  changes: ClassifiedChange[],
  around?: { changed: ReadonlySet<string>; sharingWithFormer: ReadonlySet<string> },
): Promise<BatchGrouping> {
  const regrouping = around === undefined ? regroup(set) : regroupAround(set, around.changed, around.sharingWithFormer);
  const inBatch = new Map(changes.map((change) => [change.row.id, change]));
  const before = new Map(set.map((candidate) => [candidate.classifiedId, candidate.propertyId]));
  const formerProperty = new Map<string, string>();
  const storedMoves: string[] = [];
  for (const [classifiedId, propertyId] of regrouping.propertyOf) {
    const change = inBatch.get(classifiedId);
    const current = change?.row.propertyId ?? before.get(classifiedId);
    if (current === propertyId) continue;
    if (current !== undefined && current !== "") formerProperty.set(classifiedId, current);
    if (change === undefined) storedMoves.push(classifiedId);
    else moveTo(change, propertyId);
  }
  for (const row of await reader.classifiedsByIds(storedMoves)) {
    const change: ClassifiedChange = { row: { ...row }, before: row, changedFields: new Set(), dirty: false, seenOnly: false, images: undefined };
    moveTo(change, regrouping.propertyOf.get(row.id) ?? row.propertyId);
    changes.push(change);
  }
  return { ...regrouping, formerProperty };
}

/**
 * Plans the regrouping of stored classifieds (`listings regroup`): their properties derived again, moved
 * classifieds and merged or split properties written and announced as in an ingest batch.
 */
export async function planRegroup(reader: BatchReader, rows: readonly ClassifiedRow[]): Promise<BatchPlan> {
  const ids = rows.map((row) => row.id);
  const others = await reader.classifiedsOfProperties([...new Set(rows.map((row) => row.propertyId))], ids);
  const changes: ClassifiedChange[] = [];
  const grouping = await applyRegrouping(reader, [...rows, ...others].map(candidateOf), changes);
  const { rows: properties, events: propertyEvents, absorbed } = await deriveProperties(reader, changes, grouping);
  const events = [...changes.map((change) => classifiedEvent(change, "updated")), ...propertyEvents];
  const statements = [
    ...upsertPropertiesStatements(properties),
    ...upsertClassifiedsStatements(changes.map((change) => change.row)),
    ...absorbPropertiesStatements(absorbed),
    ...appendEventsStatements(events),
  ];
  return { result: { outcomes: [], events }, changes, properties, statements };
}

/**
 * Each property's causes: the classifieds of this batch with an event of their own (created, or a field changed,
 * their property included) that belong to it now or belonged to it before. A re-visit that moved only
 * `lastSeenAt` is no cause: it announces nothing.
 */
function causesByProperty(dirty: readonly ClassifiedChange[], grouping: BatchGrouping): Map<string, ClassifiedRow[]> {
  const causes = new Map<string, ClassifiedRow[]>();
  const add = (propertyId: string, row: ClassifiedRow) => {
    const rows = causes.get(propertyId);
    if (rows === undefined) causes.set(propertyId, [row]);
    else if (!rows.includes(row)) rows.push(row);
  };
  for (const change of dirty) {
    if (classifiedEventType(change) === null) continue;
    add(change.row.propertyId, change.row);
    const former = grouping.formerProperty.get(change.row.id);
    if (former !== undefined) add(former, change.row);
  }
  return causes;
}

/** The classified now belongs to `propertyId`: a change of the classified, written and announced. */
function moveTo(change: ClassifiedChange, propertyId: string): void {
  const isNew = change.before === undefined;
  change.row.propertyId = propertyId;
  if (isNew) return;
  change.changedFields.add("propertyId");
  change.dirty = true;
  change.seenOnly = false;
}

/**
 * Derives every property that a written classified belongs to or has left; returns the rows to write and
 * their events. A property left by all its classifieds was absorbed by a merge: its event is `removed`, with the
 * surviving property as its `propertyId`, after the survivor's own event.
 */
async function deriveProperties(
  reader: BatchReader,
  dirty: readonly ClassifiedChange[],
  grouping: BatchGrouping,
): Promise<{ rows: PropertyRow[]; events: NewEventRow[]; absorbed: Map<string, string> }> {
  const touched = [...new Set([...dirty.map((change) => change.row.propertyId), ...grouping.formerProperty.values()])];
  const storedIds = touched.filter((id) => !grouping.created.has(id));
  const inMemoryIds = dirty.map((change) => change.row.id);
  const [previousRows, others] = await Promise.all([reader.propertiesByIds(storedIds), reader.classifiedsOfProperties(storedIds, inMemoryIds)]);
  const previous = new Map(previousRows.map((row) => [row.id, row]));
  const members = new Map<string, PropertyMember[]>(touched.map((id) => [id, []]));
  for (const change of dirty) members.get(change.row.propertyId)?.push({ row: change.row, before: change.before });
  for (const row of others) members.get(row.propertyId)?.push({ row, before: row });

  const rows: PropertyRow[] = [];
  const events: NewEventRow[] = [];
  const absorbedEvents: NewEventRow[] = [];
  const absorbed = new Map<string, string>();
  const causes = causesByProperty(dirty, grouping);
  for (const [propertyId, propertyMembers] of members) {
    const before = previous.get(propertyId);
    if (propertyMembers.length === 0) {
      const survivor = grouping.absorbed.get(propertyId);
      if (before === undefined || survivor === undefined) throw new Error(`property ${propertyId} was left empty without a survivor`);
      absorbed.set(propertyId, survivor);
      // Its former classifieds, so that the event reaches the subscribers who could see the property.
      const former = dirty.filter((change) => grouping.formerProperty.get(change.row.id) === propertyId).map((change) => change.row);
      absorbedEvents.push({ ...propertyEvent(before, former, "removed", ["mergedInto"], { causes: former }), propertyId: survivor });
      continue;
    }
    const derived = deriveProperty(propertyId, propertyMembers, before);
    if (derived.write) rows.push(derived.row);
    const memberRows: ClassifiedRow[] = propertyMembers.map((member) => member.row);
    const propertyCauses = causes.get(propertyId) ?? [];
    if (derived.eventType !== null) {
      const joined = propertyMembers.filter(({ before }) => before === undefined || before.propertyId !== propertyId).map((member) => member.row);
      const viewChangesOf = (cause: ClassifiedRow) => publisherViewChanges(propertyId, propertyMembers, [cause]);
      events.push(propertyEvent(derived.row, memberRows, derived.eventType, derived.changedFields, { causes: propertyCauses, joined, viewChangesOf }));
    } else if (propertyCauses.length > 0) {
      const viewEvent = propertyViewEvent(derived.row, memberRows, propertyCauses, () => publisherViewChanges(propertyId, propertyMembers, propertyCauses));
      if (viewEvent !== null) events.push(viewEvent);
    }
  }
  return { rows, events: [...events, ...absorbedEvents], absorbed };
}
