/**
 * `listings regroup`: groups the stored classifieds again, block by block (zone of communes, property type,
 * transaction type), after a change of the grouping model or to repair data grouped by an older one. Each block
 * is one transaction holding the ingest's turn, so ingests and regrouping never interleave; moves, merges and
 * splits are recorded as events like an ingest's. Grouping depends only on the classifieds, so a second run
 * changes nothing, and a run stopped half-way is resumed by running it again.
 */
import type { Database } from "../../db/client.js";
import { planRegroup, writeBatch } from "./apply-batch.js";
import { storedRows } from "./batch-reader.js";
import { takeIngestTurn } from "./ingest-turn.js";
import { maintainAfterBulkChange } from "./bulk-maintenance.js";
import { findClassifiedsOfBlock, findGroupingBlocks } from "./ingest.repository.js";

export type RegroupSummary = {
  blocks: number;
  classifieds: number;
  /** Classifieds that changed property. */
  moved: number;
  /** Properties absorbed by another one. */
  merged: number;
  /** Properties made by splits. */
  created: number;
};

export type RegroupOptions = {
  onProgress?: (done: RegroupSummary, totalBlocks: number) => void;
  /** Stops at the next block boundary; the blocks done stay done. */
  signal?: AbortSignal;
};

export async function regroupStored(db: Database, options: RegroupOptions = {}): Promise<RegroupSummary> {
  const blocks = await findGroupingBlocks(db);
  const summary: RegroupSummary = { blocks: 0, classifieds: 0, moved: 0, merged: 0, created: 0 };
  for (const block of blocks) {
    if (options.signal?.aborted) break;
    await db.transaction(async (tx) => {
      await takeIngestTurn(tx);
      const rows = await findClassifiedsOfBlock(tx, block);
      const plan = await planRegroup(storedRows(tx), rows);
      await writeBatch(tx, plan);
      summary.classifieds += rows.length;
      summary.moved += plan.changes.length;
      for (const event of plan.result.events) {
        if (event.resource !== "property") continue;
        if (event.type === "removed" && event.propertyId !== event.resourceId) summary.merged += 1;
        if (event.type === "created") summary.created += 1;
      }
    });
    summary.blocks += 1;
    options.onProgress?.({ ...summary }, blocks.length);
  }
  // A regrouping after a model change rewrites many properties, as a bulk ingest does: the same maintenance
  // follows it, so that searches keep their plans and read indexes only.
  await maintainAfterBulkChange(db, summary.moved + summary.merged + summary.created);
  return summary;
}
