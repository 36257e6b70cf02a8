/**
 * Where ingest lines are validated and normalised. Preparing a line (JSON parsing, schema checks, phones,
 * geography, hashes) costs about as much CPU as writing it, and it needs no database: a worker thread does it
 * while the calling thread writes the previous batch, so an ingest uses two cores. With the embedded database,
 * whose queries run on the calling thread, this nearly halves the time of a large ingest.
 *
 * One worker per process, started on first use and shared by concurrent ingests. It keeps the process alive
 * only while it has work. If it cannot start or dies, chunks are prepared on the calling thread instead: the
 * results are the same, only slower.
 */
import { Worker } from "node:worker_threads";
import { prepareLine, type PreparedLine } from "./prepare-line.js";

export type PrepareRequest = { id: number; texts: string[]; now: number };
export type PrepareResponse = { id: number; results: PreparedLine[] };

export interface LinePreparer {
  /** The prepared form of each text, in order. */
  prepare(texts: string[], now: Date): Promise<PreparedLine[]>;
}

/** Prepares on the calling thread. */
export const inThreadPreparer: LinePreparer = {
  prepare: async (texts, now) => texts.map((text) => prepareLine(text, now)),
};

type Waiting = { texts: string[]; now: Date; resolve(results: PreparedLine[]): void; reject(error: unknown): void };

class WorkerPreparer implements LinePreparer {
  private worker: Worker | undefined;
  private broken = false;
  private answered = false;
  private nextId = 0;
  private readonly waiting = new Map<number, Waiting>();

  prepare(texts: string[], now: Date): Promise<PreparedLine[]> {
    const worker = this.broken ? undefined : this.started();
    if (worker === undefined) return inThreadPreparer.prepare(texts, now);
    return new Promise((resolve, reject) => {
      const id = (this.nextId += 1);
      this.waiting.set(id, { texts, now, resolve, reject });
      if (this.waiting.size === 1) worker.ref();
      const request: PrepareRequest = { id, texts, now: now.getTime() };
      worker.postMessage(request);
    });
  }

  /**
   * Starts the worker thread now if it is not running, so that it loads its modules (about half a second) while
   * the caller does something else, such as connecting to the database. Optional: the first chunk starts it.
   */
  warmUp(): void {
    if (!this.broken) this.started();
  }

  private started(): Worker | undefined {
    if (this.worker) return this.worker;
    try {
      const worker = new Worker(new URL("./prepare-worker.mjs", import.meta.url));
      worker.on("message", (message: PrepareResponse | { ready: true }) => {
        if (!("id" in message)) return;
        this.answered = true;
        const waiting = this.waiting.get(message.id);
        this.waiting.delete(message.id);
        if (this.waiting.size === 0) worker.unref();
        waiting?.resolve(message.results);
      });
      worker.on("error", () => this.fallBack());
      worker.on("exit", () => this.fallBack());
      worker.unref();
      this.worker = worker;
      return worker;
    } catch {
      this.broken = true;
      return undefined;
    }
  }

  /** Where chunks go now: not started yet, the worker thread (it has answered), or this thread. */
  get mode(): "not started" | "worker thread" | "calling thread" {
    return this.broken ? "calling thread" : this.answered ? "worker thread" : "not started";
  }

  /** The worker is gone: what it had not answered is prepared here, and so is everything after. */
  private fallBack(): void {
    this.broken = true;
    this.worker = undefined;
    const orphans = [...this.waiting.values()];
    this.waiting.clear();
    for (const { texts, now, resolve, reject } of orphans) inThreadPreparer.prepare(texts, now).then(resolve, reject);
  }
}

/** The process's shared preparer, backed by its worker thread. */
export const workerPreparer = new WorkerPreparer();
