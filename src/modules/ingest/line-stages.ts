/**
 * The first stages of an ingest (ingest.service.ts): read the input into numbered lines, prepare them on the
 * worker thread a few chunks ahead, and gather the prepared lines into batches. Each stage is an async generator
 * pulled by the next one, so an ingest that waits for its writes stops reading too: memory stays flat whatever
 * the input size. They pass chunks of lines, not single lines, so that the hand-over between stages costs
 * nothing next to the work.
 */
import { setImmediate } from "node:timers/promises";
import type { LinePreparer } from "./line-preparer.js";
import type { NormalisedLine } from "./normalised.types.js";
import type { PreparedLine } from "./prepare-line.js";
import { untilAborted } from "./until-aborted.js";

/** A non-blank input line and its 1-based number in the input (blank lines counted). */
export type RawLine = { lineNumber: number; text: string };
/** A line ready to be applied. */
export type PendingLine = RawLine & { line: NormalisedLine };

/** Lines sent to the preparer at once. */
const CHUNK_SIZE = 100;
/** Chunks being prepared ahead of the one the batches take. */
const CHUNKS_AHEAD = 8;

/**
 * Lines between two turns of the event loop. With the embedded database every query completes in microtasks,
 * so a long ingest would otherwise never let the event loop run: no timer, no signal handler (the very thing
 * that aborts), no other request of the server (/healthz during a push) until the end.
 */
const YIELD_EVERY = 100;

/**
 * Read: the non-blank lines of the input, numbered, in chunks; a UTF-8 byte order mark and `\r` endings are
 * dropped. Stops (without error) when `signal` aborts; `onLine` counts each line read.
 */
export async function* readChunks(
  lines: AsyncIterable<string> | Iterable<string>,
  signal: AbortSignal | undefined,
  onLine: () => void,
): AsyncGenerator<RawLine[]> {
  let lineNumber = 0;
  let chunk: RawLine[] = [];
  for await (const raw of untilAborted(lines, signal)) {
    lineNumber += 1;
    if (lineNumber % YIELD_EVERY === 0) await setImmediate();
    const text = (lineNumber === 1 ? raw.replace(/^\uFEFF/, "") : raw).replace(/\r$/, "");
    if (text.trim() === "") continue;
    onLine();
    chunk.push({ lineNumber, text });
    if (chunk.length >= CHUNK_SIZE) {
      yield chunk;
      chunk = [];
    }
  }
  if (chunk.length > 0) yield chunk;
}

/** A chunk of lines and what the preparer made of each. */
export type PreparedChunk = { chunk: RawLine[]; results: PreparedLine[] };

/**
 * Prepare: each chunk validated and normalised by `preparer` (a worker thread), up to CHUNKS_AHEAD chunks ahead
 * of the one taken, so that preparing and writing overlap; chunks come out in input order.
 */
export async function* prepareAhead(chunks: AsyncIterable<RawLine[]>, preparer: LinePreparer, now: () => Date): AsyncGenerator<PreparedChunk> {
  const ahead: Promise<PreparedChunk>[] = [];
  const next = async (): Promise<PreparedChunk> => {
    const oldest = ahead.shift();
    if (oldest === undefined) throw new Error("no chunk is being prepared");
    return oldest;
  };
  for await (const chunk of chunks) {
    const prepared = preparer
      .prepare(
        chunk.map((item) => item.text),
        now(),
      )
      .then((results) => ({ chunk, results }));
    // Awaited in order below; this only keeps Node from reporting a failure as unhandled meanwhile.
    prepared.catch(() => undefined);
    ahead.push(prepared);
    if (ahead.length > CHUNKS_AHEAD) yield await next();
  }
  while (ahead.length > 0) yield await next();
}

/** Batch: the prepared lines in batches of `batchSize`, in input order; a line that failed preparing goes to `reject`. */
export async function* inBatches(
  prepared: AsyncIterable<PreparedChunk>,
  batchSize: number,
  reject: (line: RawLine, reason: string) => void,
): AsyncGenerator<PendingLine[]> {
  let batch: PendingLine[] = [];
  for await (const { chunk, results } of prepared) {
    for (const [index, item] of chunk.entries()) {
      const result = results[index];
      if (result === undefined || !result.ok) {
        reject(item, result?.reason ?? "the line could not be prepared");
        continue;
      }
      batch.push({ ...item, line: result.line });
      if (batch.length >= batchSize) {
        yield batch;
        batch = [];
      }
    }
  }
  if (batch.length > 0) yield batch;
}
