/**
 * Where the batches planned ahead are written, on PostgreSQL: a worker thread with a connection of its own
 * sends each one whole, BEGIN, its turn, its statements and COMMIT, at once, and PostgreSQL runs them back to
 * back.
 *
 * Why a thread: a batch's statements carry megabytes of rows (5.5 MB for 2,000 lines), more than the socket buffers
 * between the gateway and PostgreSQL hold, so the rest is handed over as PostgreSQL reads, by the event loop of
 * the thread that owns the connection. On the thread that plans the next batch meanwhile, busy for tens of
 * milliseconds at a time, PostgreSQL waited for the next bytes about a fifth of a batch's writing time
 * (sampled from pg_stat_activity: "idle in transaction" between two statements of the same batch). This thread
 * has nothing else to do.
 *
 * The turn is taken only if the ingest epoch is still the count the plan assumed (ingest-turn.ts). If any statement fails, PostgreSQL aborts the transaction, every statement after it fails,
 * and the COMMIT rolls back: nothing is written, and the first failure is thrown, as IngestTurnMoved when it is
 * the turn's.
 */
import { Worker } from "node:worker_threads";
import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type postgres from "postgres";
import { ownConnectionOf, type OwnConnection } from "../../db/own-connection.js";
import { IngestTurnMoved, TURN_MOVED } from "./ingest-turn.js";

/**
 * The writer thread failed or stopped. Whether the batch it was writing committed is unknown; planning it again
 * from what is committed is right either way, since applying the same lines twice changes nothing.
 */
export class WriterUnavailable extends Error {}

/** A statement refused by PostgreSQL, with its SQLSTATE, as the ingest's retry rules read it. */
export class WriteRefused extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
  ) {
    super(message);
  }
}

/** How the writer thread connects: the plain values of the calling thread's postgres.js options. */
export type WriterConnection = OwnConnection;

export type WriteRequest = { id: number; expectedEpoch: number; statements: Array<{ text: string; params: unknown[] }> };
export type WriteResponse = { id: number; turn: number } | { id: number; done: true } | { id: number; failed: { message: string; code: string | undefined } };

const dialect = new PgDialect();

type Pending = { onTurn: (epoch: number) => void; resolve: () => void; reject: (error: Error) => void };

export class BatchWriter {
  readonly #worker: Worker;
  readonly #pending = new Map<number, Pending>();
  readonly #exited: Promise<void>;
  #nextId = 0;
  #failure: WriterUnavailable | undefined;
  #closing = false;

  /** Starts the thread, connecting as `client` does; one per ingest run, closed at its end. */
  constructor(client: postgres.Sql) {
    this.#worker = new Worker(new URL("./batch-writer-worker.mjs", import.meta.url), { workerData: ownConnectionOf(client, "listings-gateway ingest writer") });
    this.#worker.on("message", (response: WriteResponse) => this.#answered(response));
    this.#worker.on("error", (error) => this.#fail(new WriterUnavailable(`the batch writer thread failed: ${error.message}`)));
    this.#exited = new Promise((resolve) =>
      this.#worker.once("exit", () => {
        if (!this.#closing) this.#fail(new WriterUnavailable("the batch writer thread stopped"));
        resolve();
      }),
    );
    // Keeps the process alive only while a batch is being written, should a run end without closing it.
    this.#worker.unref();
  }

  /**
   * Writes a batch planned ahead in one transaction; `onTurn` gets its epoch once its turn is held, before its
   * writes end. Resolves once it committed.
   */
  write(expectedEpoch: number, statements: readonly SQL[], onTurn: (epoch: number) => void): Promise<void> {
    if (this.#failure !== undefined) return Promise.reject(this.#failure);
    const id = (this.#nextId += 1);
    const request: WriteRequest = {
      id,
      expectedEpoch,
      statements: statements.map((statement) => {
        const query = dialect.sqlToQuery(statement);
        return { text: query.sql, params: query.params };
      }),
    };
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { onTurn, resolve, reject });
      if (this.#pending.size === 1) this.#worker.ref();
      this.#worker.postMessage(request);
    });
  }

  /** Ends the connection and the thread, once the writes sent have been answered. */
  async close(): Promise<void> {
    this.#closing = true;
    this.#worker.postMessage({ close: true });
    await this.#exited;
  }

  #answered(response: WriteResponse): void {
    const pending = this.#pending.get(response.id);
    if (pending === undefined) return;
    if ("turn" in response) {
      pending.onTurn(response.turn);
      return;
    }
    this.#pending.delete(response.id);
    if (this.#pending.size === 0) this.#worker.unref();
    if ("done" in response) {
      pending.resolve();
      return;
    }
    const { message, code } = response.failed;
    pending.reject(code === TURN_MOVED ? new IngestTurnMoved(message) : new WriteRefused(message, code));
  }

  #fail(error: WriterUnavailable): void {
    this.#failure ??= error;
    for (const pending of this.#pending.values()) pending.reject(error);
    this.#pending.clear();
  }
}
