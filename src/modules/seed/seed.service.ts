import { createWriteStream } from "node:fs";
import { Readable, type Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { setImmediate } from "node:timers/promises";
import type { Database } from "../../db/client.js";
import { ingestLines, type IngestOptions, type IngestSummary } from "../ingest/ingest.service.js";
import { generateObservations, type GenerateOptions } from "./generator.js";

/** The generated feed as NDJSON lines (without newlines), lazily. */
export function* generatedLines(options: GenerateOptions): Generator<string> {
  for (const observation of generateObservations(options)) yield JSON.stringify(observation);
}

/** Lines between two turns of the event loop while seeding. */
const YIELD_EVERY = 200;

/**
 * The items, stopping when `signal` aborts. With the embedded database every query completes in microtasks,
 * so a long ingest would never let the event loop run: signal handlers (the very thing that aborts) and
 * timers would wait until the end. Hence a turn of the event loop every YIELD_EVERY items.
 */
export async function* untilAborted<T>(items: Iterable<T>, signal: AbortSignal | undefined): AsyncGenerator<T> {
  let count = 0;
  for (const item of items) {
    if (signal?.aborted) return;
    yield item;
    count += 1;
    if (count % YIELD_EVERY === 0) await setImmediate();
  }
}

/**
 * Generates a synthetic feed and ingests it through the ordinary ingest pipeline, streaming. When `signal`
 * aborts, generation stops and the batches already read are committed: nothing is half written.
 */
export function seedDatabase(db: Database, options: GenerateOptions, ingest: IngestOptions = {}, signal?: AbortSignal): Promise<IngestSummary> {
  return ingestLines(db, untilAborted(generatedLines(options), signal), ingest);
}

/**
 * Writes the generated feed as NDJSON to `target` (a file path, or a stream such as stdout), respecting
 * back-pressure so that memory stays flat. Returns the number of lines written.
 */
export async function writeFeed(options: GenerateOptions, target: string | Writable): Promise<number> {
  let count = 0;
  const source = Readable.from(
    (function* () {
      for (const line of generatedLines(options)) {
        count += 1;
        yield `${line}\n`;
      }
    })(),
  );
  const destination = typeof target === "string" ? createWriteStream(target) : target;
  await pipeline(source, destination, { end: typeof target === "string" });
  return count;
}
