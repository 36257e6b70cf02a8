import { createWriteStream } from "node:fs";
import { Readable, type Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { Database } from "../../db/client.js";
import { ingestLines, type IngestOptions, type IngestSummary } from "../ingest/ingest.service.js";
import { generateObservations, type GenerateOptions } from "./generator.js";

/** The generated feed as NDJSON lines (without newlines), lazily. */
export function* generatedLines(options: GenerateOptions): Generator<string> {
  for (const observation of generateObservations(options)) yield JSON.stringify(observation);
}

/**
 * Generates a synthetic feed and ingests it through the ordinary ingest pipeline, streaming. When `signal`
 * aborts, generation stops and the batches already read are committed: nothing is half written.
 */
export function seedDatabase(db: Database, options: GenerateOptions, ingest: IngestOptions = {}, signal?: AbortSignal): Promise<IngestSummary> {
  return ingestLines(db, generatedLines(options), signal ? { ...ingest, signal } : ingest);
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
