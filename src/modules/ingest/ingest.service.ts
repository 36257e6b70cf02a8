/**
 * The ingest pipeline behind `listings ingest` and `POST /admin/v1/ingest`: a stream of NDJSON lines in,
 * a summary out. Lines are validated and normalised (a bad line is rejected with its number and never reaches
 * the database), on a worker thread and a few chunks ahead, then applied in batches, one transaction each.
 * Memory stays flat whatever the input size: at most two batches and the chunks being prepared are held.
 */
import { setImmediate } from "node:timers/promises";
import type { Database } from "../../db/client.js";
import { deltaCounter, ingestCounter } from "../../observability/metrics.js";
import type { BatchResult } from "./apply-batch.js";
import { BatchPipeline, type PlanAhead } from "./batch-pipeline.js";
import { analyzeAfterBulkChange } from "./ingest.repository.js";
import { emptySummary, type IngestOptions, type IngestReject, type IngestSummary } from "./ingest.types.js";
import type { NormalisedLine } from "./normalised.types.js";
import { workerPreparer } from "./line-preparer.js";
import { untilAborted } from "./until-aborted.js";
import type { PreparedLine } from "./prepare-line.js";

export type { IngestOptions, IngestReject, IngestSummary } from "./ingest.types.js";

/**
 * Lines per transaction when `batchSize` is not given. A larger batch writes a property or classified seen
 * several times within it once instead of once per batch, and pays the per-statement costs fewer times. On the
 * 100,000-classified feed, 1,000 took about 8% less time than 500, and 2,000 about 3 to 5% less than 1,000, for
 * about 170 MB more memory (peak RSS of the bench's ingest: 1,060 MB).
 */
export const DEFAULT_BATCH_SIZE = 2_000;

/**
 * Lines between two turns of the event loop. With the embedded database every query completes in microtasks,
 * so a long ingest would otherwise never let the event loop run: no timer, no signal handler (the very thing
 * that aborts), no other request of the server (/healthz during a push) until the end.
 */
const YIELD_EVERY = 100;

/** How much of a rejected line is kept in its reject record. */
const MAX_REJECT_INPUT = 4_096;

type RawLine = { lineNumber: number; text: string };
type PendingLine = RawLine & { line: NormalisedLine };

/** Lines sent to the preparer at once, and chunks prepared ahead of the writes. */
const CHUNK_SIZE = 100;
const CHUNKS_AHEAD = 8;

/**
 * Ingests NDJSON lines (one observation each; blank lines are skipped but counted for line numbers).
 * Resolves with the summary once every batch has committed; rejects only on a fatal error (database
 * unreachable, or a failure that is not about one line's data), leaving the batches already committed in
 * place (re-running the same input is harmless: ingest is idempotent).
 */
export async function ingestLines(db: Database, lines: AsyncIterable<string> | Iterable<string>, options: IngestOptions = {}): Promise<IngestSummary> {
  const batchSize = Math.max(1, options.batchSize ?? DEFAULT_BATCH_SIZE);
  const now = options.now ?? (() => new Date());
  const summary = emptySummary();

  const reject = (lineNumber: number, reason: string, text: string) => {
    summary.rejected += 1;
    ingestCounter.inc({ outcome: "rejected" });
    const record: IngestReject = { line: lineNumber, reason, input: text.length > MAX_REJECT_INPUT ? `${text.slice(0, MAX_REJECT_INPUT)}…` : text };
    options.onReject?.(record);
  };

  const record = (result: BatchResult) => {
    for (const outcome of result.outcomes) {
      summary[outcome] += 1;
      ingestCounter.inc({ outcome });
    }
    for (const event of result.events) deltaCounter.inc({ resource: event.resource, type: event.type });
  };

  const pipeline = new BatchPipeline(db, { readAhead: options.readAhead });

  /** Applies a batch; on an error about the data, retries its lines one by one so one bad row sinks nothing else. */
  const run = async (batch: readonly PendingLine[], ahead?: Promise<PlanAhead | undefined>): Promise<void> => {
    try {
      record(
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
        reject(only.lineNumber, `database refused the line: ${problem}`, only.text);
        return;
      }
      for (const item of batch) await run([item]);
    }
  };

  let pending: PendingLine[] = [];
  let inFlight: Promise<void> = Promise.resolve();
  const flush = async () => {
    const batch = pending;
    pending = [];
    // Planned while the batch before it writes; `run` then starts the pipeline's next batch right away.
    const ahead = pipeline.planAhead(batch.map((item) => item.line));
    await inFlight;
    inFlight = run(batch, ahead).then(() => options.onProgress?.({ ...summary }));
    // Awaited before the next batch or at the end; this only keeps Node from reporting it as unhandled meanwhile.
    inFlight.catch(() => undefined);
  };

  // Lines are prepared in chunks, a few chunks ahead of the writes, so that preparing (on the worker thread)
  // and writing overlap; the order of the lines is kept.
  const preparer = options.preparer ?? workerPreparer;
  const ahead: Promise<{ chunk: RawLine[]; results: PreparedLine[] }>[] = [];
  let chunk: RawLine[] = [];
  const sendChunk = () => {
    const sent = chunk;
    chunk = [];
    const prepared = preparer
      .prepare(
        sent.map((item) => item.text),
        now(),
      )
      .then((results) => ({ chunk: sent, results }));
    // Awaited in order by takeChunk; this only keeps Node from reporting a failure as unhandled meanwhile.
    prepared.catch(() => undefined);
    ahead.push(prepared);
  };
  const takeChunk = async () => {
    const next = ahead.shift();
    if (next === undefined) return;
    const { chunk: prepared, results } = await next;
    for (const [index, { lineNumber, text }] of prepared.entries()) {
      const result = results[index];
      if (result === undefined || !result.ok) {
        reject(lineNumber, result?.reason ?? "the line could not be prepared", text);
        continue;
      }
      pending.push({ lineNumber, text, line: result.line });
      if (pending.length >= batchSize) await flush();
    }
  };

  try {
    let lineNumber = 0;
    for await (const raw of untilAborted(lines, options.signal)) {
      lineNumber += 1;
      if (lineNumber % YIELD_EVERY === 0) await setImmediate();
      const text = (lineNumber === 1 ? raw.replace(/^\uFEFF/, "") : raw).replace(/\r$/, "");
      if (text.trim() === "") continue;
      summary.received += 1;
      chunk.push({ lineNumber, text });
      if (chunk.length >= CHUNK_SIZE) sendChunk();
      if (ahead.length > CHUNKS_AHEAD) await takeChunk();
    }
    if (chunk.length > 0) sendChunk();
    while (ahead.length > 0) await takeChunk();
    if (pending.length > 0) await flush();
    await inFlight;
    await analyzeAfterBulkChange(db, summary.created + summary.updated + summary.removed);
    return summary;
  } finally {
    // Ends the run's batch writer, once what it was sent is answered.
    await pipeline.close();
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
