/**
 * The ingest behind `listings ingest` and `POST /admin/v1/ingest`: a stream of NDJSON lines in, a summary out,
 * in four stages:
 *   1. read: the input's non-blank lines, numbered (line-stages.ts);
 *   2. prepare: each line validated and normalised on a worker thread, a few chunks ahead; a bad line is
 *      rejected with its number and never reaches the database (line-stages.ts, line-preparer.ts);
 *   3. plan: a batch's stored rows read, its lines applied, classifieds grouped into properties, the rows and
 *      events of its statements built; on PostgreSQL while the batch before it writes (batch-pipeline.ts);
 *   4. write: the batch's statements in one transaction, after its turn (ingest-turn.ts); a batch the database
 *      refuses for its data is written again line by line, so one bad row sinks nothing else.
 * Memory stays flat whatever the input size: each stage pulls from the one before, and at most two batches and
 * the chunks being prepared are held.
 */
import type { Database } from "../../db/client.js";
import { deltaCounter, ingestCounter } from "../../observability/metrics.js";
import type { BatchResult } from "./apply-batch.js";
import { BatchPipeline, type PlanAhead } from "./batch-pipeline.js";
import { maintainAfterBulkChange } from "./bulk-maintenance.js";
import { FirstLoad } from "./first-load.js";
import { emptySummary, type IngestOptions, type IngestReject, type IngestSummary } from "./ingest.types.js";
import { workerPreparer } from "./line-preparer.js";
import { inBatches, prepareAhead, readChunks, type PendingLine, type RawLine } from "./line-stages.js";

export type { IngestOptions, IngestReject, IngestSummary } from "./ingest.types.js";

/**
 * Lines per transaction when `batchSize` is not given. A larger batch writes a property or classified seen
 * several times within it once instead of once per batch, and pays the per-statement costs fewer times. On the
 * 100,000-classified feed, 1,000 took about 8% less time than 500, and 2,000 about 3 to 5% less than 1,000. Into
 * a database that already holds a million, 5,000 took 9% less time than 2,000: the stored classifieds of a dense
 * commune are read as match candidates once for all the new ones a batch brings there, and a larger batch brings
 * more. Into an empty database it makes no difference. Peak RSS about 150 MB more than with 2,000, 250 MB more at
 * a million (docs/performance.md).
 */
export const DEFAULT_BATCH_SIZE = 5_000;

/** How much of a rejected line is kept in its reject record. */
const MAX_REJECT_INPUT = 4_096;

/**
 * Ingests NDJSON lines (one observation each; blank lines are skipped but counted for line numbers).
 * Resolves with the summary once every batch has committed; rejects only on a fatal error (database
 * unreachable, or a failure that is not about one line's data), leaving the batches already committed in
 * place (re-running the same input is harmless: ingest is idempotent).
 */
export async function ingestLines(db: Database, lines: AsyncIterable<string> | Iterable<string>, options: IngestOptions = {}): Promise<IngestSummary> {
  const tally = new Tally(options);
  const firstLoad = await FirstLoad.begin(db);
  const pipeline = new BatchPipeline(db, { readAhead: options.readAhead });
  try {
    const read = readChunks(lines, options.signal, () => tally.received());
    const prepared = prepareAhead(read, options.preparer ?? workerPreparer, options.now ?? (() => new Date()));
    const batches = inBatches(prepared, Math.max(1, options.batchSize ?? DEFAULT_BATCH_SIZE), (line, reason) => tally.reject(line, reason));
    await planAndWrite(batches, pipeline, tally, firstLoad);
    await maintainAfterBulkChange(db, tally.summary.created + tally.summary.updated + tally.summary.removed, {
      onBulkLoad: options.onBulkLoadMaintenance,
      indexesDeferred: firstLoad.indexesDeferred,
    });
    return tally.summary;
  } catch (error) {
    await firstLoad.abandon();
    throw error;
  } finally {
    await firstLoad.end();
    // Ends the run's batch writer, once what it was sent is answered.
    await pipeline.close();
  }
}

/**
 * Plan and write: each batch is planned while the one before it writes (the pipeline uses the plan only if it
 * is still right when the batch's turn comes), then written once that one has committed.
 */
async function planAndWrite(batches: AsyncIterable<PendingLine[]>, pipeline: BatchPipeline, tally: Tally, firstLoad: FirstLoad): Promise<void> {
  let writing: Promise<void> = Promise.resolve();
  let index = 0;
  for await (const batch of batches) {
    const ahead = pipeline.planAhead(batch.map((item) => item.line));
    await writing;
    await firstLoad.beforeBatch(index++);
    writing = write(batch, ahead, pipeline, tally).then(() => tally.progress());
    // Awaited before the next batch or at the end; this only keeps Node from reporting it as unhandled meanwhile.
    writing.catch(() => undefined);
  }
  await writing;
}

/** Writes a batch; on an error about the data, writes its lines one by one so one bad row sinks nothing else. */
async function write(batch: readonly PendingLine[], ahead: Promise<PlanAhead | undefined> | undefined, pipeline: BatchPipeline, tally: Tally): Promise<void> {
  try {
    tally.record(
      await pipeline.apply(
        batch.map((item) => item.line),
        ahead,
      ),
    );
  } catch (error) {
    const problem = dataErrorMessage(error);
    if (problem === null) throw error;
    const [only] = batch;
    if (batch.length === 1 && only !== undefined) {
      tally.reject(only, `database refused the line: ${problem}`);
      return;
    }
    for (const item of batch) await write([item], undefined, pipeline, tally);
  }
}

/** The run's summary, metrics and callbacks. */
class Tally {
  readonly summary = emptySummary();

  constructor(private readonly options: Pick<IngestOptions, "onReject" | "onProgress">) {}

  received(): void {
    this.summary.received += 1;
  }

  reject({ lineNumber, text }: RawLine, reason: string): void {
    this.summary.rejected += 1;
    ingestCounter.inc({ outcome: "rejected" });
    const record: IngestReject = { line: lineNumber, reason, input: text.length > MAX_REJECT_INPUT ? `${text.slice(0, MAX_REJECT_INPUT)}…` : text };
    this.options.onReject?.(record);
  }

  record(result: BatchResult): void {
    for (const outcome of result.outcomes) {
      this.summary[outcome] += 1;
      ingestCounter.inc({ outcome });
    }
    for (const event of result.events) deltaCounter.inc({ resource: event.resource, type: event.type });
  }

  progress(): void {
    this.options.onProgress?.({ ...this.summary });
  }
}

/**
 * SQLSTATE classes that mean "this data cannot be written" rather than "the database is unavailable":
 * data exceptions (22), integrity violations (23), syntax or type errors triggered by a value (42), and
 * program limits such as an over-long value (54).
 */
const DATA_ERROR_CLASSES: ReadonlySet<string> = new Set(["22", "23", "42", "54"]);

/** The driver's message when `error` (or its cause: Drizzle wraps driver errors) is about the data; else null. */
function dataErrorMessage(error: unknown): string | null {
  for (let current: unknown = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth += 1) {
    const code: unknown = "code" in current ? current.code : undefined;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) {
      return DATA_ERROR_CLASSES.has(code.slice(0, 2)) ? current.message : null;
    }
  }
  return null;
}
