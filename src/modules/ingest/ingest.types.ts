import type { LinePreparer } from "./line-preparer.js";
/** What an ingest run did, line by line. `received` = created + updated + unchanged + removed + rejected. */
export type IngestSummary = {
  /** Non-blank lines read. */
  received: number;
  /** Lines that created a classified. */
  created: number;
  /** Lines that changed a classified (any normalised field, status included). */
  updated: number;
  /** Lines that changed nothing: re-visits, stale observations, repeated or unknown removals. */
  unchanged: number;
  /** Lines that ended a listing. */
  removed: number;
  /** Lines refused with a reason (not JSON, invalid, or a database error on that line alone). */
  rejected: number;
};

export type IngestReject = {
  /** 1-based line number in the input, blank lines counted. */
  line: number;
  reason: string;
  /** The line as received (truncated to a few kilobytes). */
  input: string;
};

export type IngestOptions = {
  onReject?(reject: IngestReject): void;
  /** Called after each batch commits, with the running totals. */
  onProgress?(summary: IngestSummary): void;
  /**
   * Called once every line is written, when the ingest was a bulk load, before its closing maintenance (see
   * bulk-maintenance.ts), which then builds or rebuilds the search indexes of `properties`: seconds to tens of seconds
   * at a million classifieds on two cores.
   */
  onBulkLoadMaintenance?(): void;
  /** Lines per transaction (default DEFAULT_BATCH_SIZE, ingest.service.ts). */
  batchSize?: number;
  /** The clock, for tests: observations more than a day after it are rejected. */
  now?(): Date;
  /** Where lines are validated and normalised (default: the process's worker thread). */
  preparer?: LinePreparer;
  /**
   * On PostgreSQL, plan each batch while the one before it writes (default true; see batch-pipeline.ts).
   * Off, each batch is planned inside its own transaction, as on PGlite.
   */
  readAhead?: boolean;
  /** Stops reading when it aborts; the lines already read are still written (nothing is half written). */
  signal?: AbortSignal;
};

/** Outcome of one applied line. */
export type LineOutcome = "created" | "updated" | "unchanged" | "removed";

export function emptySummary(): IngestSummary {
  return { received: 0, created: 0, updated: 0, unchanged: 0, removed: 0, rejected: 0 };
}
