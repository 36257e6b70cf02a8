/**
 * Applies an ingest's batches one after the other, each in its own transaction. On PostgreSQL the next batch
 * is planned while the current one writes: its stored rows are read on another connection of the pool and
 * completed with what the current batch writes (batch-reader.ts), so that the gateway's work on one batch
 * overlaps PostgreSQL's on the other instead of waiting for it.
 *
 * A plan made ahead is only used if it is still right when its batch's turn comes: the batch before it
 * committed, and no other ingest committed in between, which the ingest epoch tells (each committed batch
 * counts one; see ingest-turn.ts). Its reads started once that batch held its turn, so nothing else could
 * commit until then. A batch planned ahead is written by the batch writer (batch-writer.ts), whose thread sends
 * it whole and takes its turn only if the epoch is the one its plan assumed; without a writer (it could not
 * start), in a transaction of this thread, which checks the epoch after taking its turn. Otherwise the batch is
 * planned again inside its transaction, as without a plan.
 *
 * PGlite has a single session, which a transaction holds: there, batches are planned inside their
 * transaction only.
 */
import { is } from "drizzle-orm";
import { PostgresJsDatabase } from "drizzle-orm/postgres-js";
import type { Database } from "../../db/client.js";
import { postgresClientOf } from "../../db/own-connection.js";
import { BatchWriter, WriterUnavailable } from "./batch-writer.js";
import { overlayOf, planBatch, writeBatch, type BatchPlan, type BatchResult } from "./apply-batch.js";
import { storedRows, storedRowsAfter, type BatchOverlay } from "./batch-reader.js";
import { IngestTurnMoved, planStillRight, takeIngestTurn } from "./ingest-turn.js";
import type { NormalisedLine } from "./normalised.types.js";

/** A plan made while another batch was writing, and what it assumed. */
export type PlanAhead = { plan: BatchPlan; after: AppliedBatch; epoch: number };

/** A batch being applied, as the plan of the next one sees it. */
type AppliedBatch = {
  /** Once the batch holds its turn and knows what it writes; undefined if it failed before. */
  writing: Promise<{ overlay: BatchOverlay; epoch: number } | undefined>;
  committed: boolean;
};

export class BatchPipeline {
  readonly #db: Database;
  readonly #readsAhead: boolean;
  #last: AppliedBatch | undefined;
  /** Started with the first batch planned ahead; null when it could not start. */
  #writer: BatchWriter | null | undefined;

  constructor(db: Database, options: { readAhead?: boolean } = {}) {
    this.#db = db;
    this.#readsAhead = (options.readAhead ?? true) && is(db, PostgresJsDatabase);
  }

  /** Stops the batch writer, if one was started. Call it once the last batch is applied. */
  async close(): Promise<void> {
    const writer = this.#writer;
    this.#writer = undefined;
    await writer?.close();
  }

  /**
   * Starts planning `lines` to be applied right after the batch last passed to `apply` (call `apply` for that
   * batch first). Resolves with undefined when it cannot: PGlite, no batch before, that batch failed, or a
   * read failed (the batch is then planned in its transaction, where a lasting failure shows).
   */
  planAhead(lines: readonly NormalisedLine[]): Promise<PlanAhead | undefined> {
    const after = this.#last;
    if (!this.#readsAhead || after === undefined) return Promise.resolve(undefined);
    return (async () => {
      const writing = await after.writing;
      if (writing === undefined) return undefined;
      const plan = await planBatch(storedRowsAfter(this.#db, writing.overlay), lines);
      return { plan, after, epoch: writing.epoch };
    })().catch(() => undefined);
  }

  /** Applies the lines in one transaction, with the plan made ahead when it is still right. */
  async apply(lines: readonly NormalisedLine[], ahead?: Promise<PlanAhead | undefined>): Promise<BatchResult> {
    let announce: (writing: { overlay: BatchOverlay; epoch: number } | undefined) => void = () => undefined;
    const batch: AppliedBatch = { writing: new Promise((resolve) => (announce = resolve)), committed: false };
    this.#last = batch;
    try {
      // Awaited before the transaction takes a connection: the plan's reads may need that connection (a pool
      // of one), and a batch has nothing to do before its plan anyway.
      const early = await ahead;
      let reusable = early;
      const writer = early?.after.committed ? this.#started() : null;
      if (early !== undefined && writer !== null) {
        const { plan } = early;
        try {
          await writer.write(early.epoch, plan.statements, (epoch) => announce({ overlay: overlayOf(plan), epoch }));
          batch.committed = true;
          return plan.result;
        } catch (error) {
          if (!(error instanceof IngestTurnMoved || error instanceof WriterUnavailable)) throw error;
          // Another ingest committed since its reads, or the writer is gone: planned again below.
          if (error instanceof WriterUnavailable) this.#writer = null;
          reusable = undefined;
        }
      }
      const planned = reusable;
      const result = await this.#db.transaction(async (tx) => {
        const epoch = await takeIngestTurn(tx);
        const stillRight = planned?.after.committed === true && planStillRight(planned.epoch, epoch);
        const plan = stillRight ? planned.plan : await planBatch(storedRows(tx), lines);
        if (this.#readsAhead) announce({ overlay: overlayOf(plan), epoch });
        await writeBatch(tx, plan);
        return plan.result;
      });
      batch.committed = true;
      return result;
    } finally {
      announce(undefined); // no effect once announced
    }
  }

  /** The batch writer, started on first use; null if it cannot start (batches are then written here). */
  #started(): BatchWriter | null {
    if (this.#writer === undefined) {
      try {
        const client = postgresClientOf(this.#db);
        this.#writer = client ? new BatchWriter(client) : null;
      } catch {
        this.#writer = null;
      }
    }
    return this.#writer;
  }
}
