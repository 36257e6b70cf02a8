import { once } from "node:events";
import { createReadStream, createWriteStream, type WriteStream } from "node:fs";
import { stat } from "node:fs/promises";
import { MultiBar, Presets, type SingleBar } from "cli-progress";
import type { Command } from "commander";
import type { IngestReject, IngestSummary } from "../../modules/ingest/ingest.service.js";
import { FILE_CHUNK_BYTES } from "../../modules/ingest/line-reader.js";
import { onInterrupt } from "../interrupt.js";
import { CliError, EXIT_REJECTS } from "../cli-errors.js";
import { describeDatabase, loadEnv, withDatabase } from "../runtime.js";
import { pushToServer } from "./ingest-remote.js";

type IngestCommandOptions = { rejects?: string; json?: boolean; server?: string; token?: string };

/** Reading the input, counting bytes for the progress bar. */
type Input = { chunks: AsyncIterable<Uint8Array>; totalBytes: number | undefined; readBytes: () => number };

async function openInput(file: string): Promise<Input> {
  let totalBytes: number | undefined;
  if (file !== "-") {
    const info = await stat(file).catch((error: NodeJS.ErrnoException) => {
      throw new CliError(`cannot read ${file}: ${error.code === "ENOENT" ? "no such file" : error.message}`);
    });
    if (!info.isFile()) throw new CliError(`${file} is not a file`);
    totalBytes = info.size;
  }
  const source: AsyncIterable<Uint8Array> = file === "-" ? process.stdin : createReadStream(file, { highWaterMark: FILE_CHUNK_BYTES });
  let read = 0;
  async function* counted() {
    for await (const chunk of source) {
      read += chunk.length;
      yield chunk;
    }
  }
  return { chunks: counted(), totalBytes, readBytes: () => read };
}

/** Progress on a terminal (stderr), and reject messages printed above it; nothing is drawn when piped. */
function createReporter(input: Input) {
  const interactive = process.stderr.isTTY === true;
  const bars = interactive
    ? new MultiBar(
        {
          stream: process.stderr,
          hideCursor: true,
          clearOnComplete: false,
          format:
            input.totalBytes === undefined
              ? "ingest | {received} lines | {created} created, {updated} updated, {removed} removed, {rejected} rejected"
              : "ingest [{bar}] {percentage}% | {received} lines | {created} created, {updated} updated, {removed} removed, {rejected} rejected",
        },
        Presets.shades_classic,
      )
    : undefined;
  const bar: SingleBar | undefined = bars?.create(input.totalBytes ?? 1, 0, { received: 0, created: 0, updated: 0, removed: 0, rejected: 0 });
  return {
    progress(summary: IngestSummary) {
      bar?.update(input.totalBytes === undefined ? 0 : input.readBytes(), summary);
    },
    reject(reject: IngestReject) {
      this.note(`line ${reject.line}: ${reject.reason}`);
    },
    note(message: string) {
      if (bars) bars.log(`${message}\n`);
      else process.stderr.write(`${message}\n`);
    },
    stop(summary: IngestSummary) {
      bar?.update(input.totalBytes ?? 1, summary);
      bars?.stop();
    },
  };
}

/** Said once every line of a bulk load is written, before its closing maintenance, which takes a while at millions of rows. */
const BULK_LOAD_NOTICE = "Every line is written; refreshing the statistics and building the search indexes after a bulk load.";

async function openRejectsFile(path: string | undefined): Promise<WriteStream | undefined> {
  if (path === undefined) return undefined;
  const out = createWriteStream(path);
  await once(out, "open").catch((error: Error) => {
    throw new CliError(`cannot write the rejects file ${path}: ${error.message}`);
  });
  return out;
}

async function ingest(file: string, options: IngestCommandOptions): Promise<void> {
  if ((options.server === undefined) !== (options.token === undefined)) throw new CliError("--server and --token go together");
  const input = await openInput(file);
  const rejectsFile = await openRejectsFile(options.rejects);
  const reporter = createReporter(input);
  const onReject = (reject: IngestReject) => {
    reporter.reject(reject);
    rejectsFile?.write(`${JSON.stringify(reject)}\n`);
  };
  const started = Date.now();
  const interrupt = onInterrupt("Interrupted: writing the lines already read, then stopping (again to quit at once).", (message) => reporter.note(message));
  let summary: IngestSummary;
  let target: string;
  try {
    if (options.server !== undefined && options.token !== undefined) {
      const ticker = setInterval(() => reporter.progress({ received: 0, created: 0, updated: 0, unchanged: 0, removed: 0, rejected: 0 }), 250);
      try {
        const result = await pushToServer(options.server, options.token, input.chunks);
        summary = result.summary;
        result.rejects.forEach(onReject);
        if (result.rejectsTruncated) reporter.note(`(the server listed the first ${result.rejects.length} of ${summary.rejected} rejects)`);
      } finally {
        clearInterval(ticker);
      }
      target = options.server;
    } else {
      const env = loadEnv();
      target = describeDatabase(env);
      // Loaded here, not at start-up: the other commands do not pay for the ingest stack.
      const [{ ingestLines }, { readLines }, { workerPreparer }] = await Promise.all([
        import("../../modules/ingest/ingest.service.js"),
        import("../../modules/ingest/line-reader.js"),
        import("../../modules/ingest/line-preparer.js"),
      ]);
      // The worker thread that normalises the lines starts while the database connects.
      workerPreparer.warmUp();
      summary = await withDatabase(env, "ingest", (database) =>
        ingestLines(database.db, readLines(input.chunks), {
          onReject,
          onProgress: (s) => reporter.progress(s),
          onBulkLoadMaintenance: () => reporter.note(BULK_LOAD_NOTICE),
          signal: interrupt.signal,
        }),
      );
    }
  } finally {
    interrupt.release();
    rejectsFile?.end();
    if (rejectsFile) await once(rejectsFile, "finish");
  }
  reporter.stop(summary);
  const seconds = (Date.now() - started) / 1000;
  if (options.json) {
    process.stdout.write(`${JSON.stringify(summary)}\n`);
  } else {
    process.stdout.write(
      `Ingested ${file === "-" ? "stdin" : file} into ${target} in ${seconds.toFixed(1)} s: ${summary.received} lines, ` +
        `${summary.created} created, ${summary.updated} updated, ${summary.unchanged} unchanged, ` +
        `${summary.removed} removed, ${summary.rejected} rejected.\n`,
    );
  }
  if (interrupt.signal.aborted) {
    throw new CliError(`interrupted after ${summary.received} lines (all of them committed); run the same feed again to finish`);
  }
  if (summary.rejected > 0) {
    throw new CliError(`${summary.rejected} line(s) rejected${options.rejects ? ` (details in ${options.rejects})` : ""}`, EXIT_REJECTS);
  }
}

/** `listings ingest <file|->`: see README, "Ingest format" and "CLI". */
export function registerIngestCommand(program: Command): void {
  program
    .command("ingest")
    .description("ingest an NDJSON feed of listing observations (a file, or - for stdin)")
    .argument("<file>", "NDJSON file, one observation per line; - reads stdin")
    .option("--rejects <file>", "write rejected lines as NDJSON {line, reason, input} to this file")
    .option("--json", "print the summary as JSON on stdout")
    .option("--server <url>", "send the feed to a running server (POST /admin/v1/ingest) instead of opening the database")
    .option("--token <token>", "access token with the ingest scope, for --server")
    .addHelpText("after", "\nExit status: 0 every line ingested, 2 some lines rejected (each reported on stderr as `line N: reason`), 1 failure.")
    .action((file: string, options: IngestCommandOptions) => ingest(file, options));
}
