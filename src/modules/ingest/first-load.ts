import type { Database } from "../../db/client.js";
import { buildLeftoverIndexes, deferIndexes } from "../../db/deferred-indexes.js";
import type { HeldLock } from "../../db/one-process-at-a-time.js";
import { properties } from "../../db/schema/index.js";

/** The table whose search indexes a first load builds at its end. */
const DEFERRED_TABLE = "properties";

/**
 * A first load: an ingest into a database without properties builds the search indexes of `properties` once, from
 * the loaded table, rather than keeping them up to date row by row (db/deferred-indexes.ts); the closing maintenance
 * builds them (bulk-maintenance.ts). It becomes one when its second batch comes: an ingest of one batch gains
 * nothing by it. While it runs, the searches of that table read it whole: it held nothing when the load began.
 */
export class FirstLoad {
  /** Held from the drop of the indexes until the load has built them or failed (deferred-indexes.ts). */
  #running: HeldLock | undefined;

  private constructor(
    private readonly db: Database,
    private readonly startedEmpty: boolean,
  ) {}

  static async begin(db: Database): Promise<FirstLoad> {
    const [any] = await db.select({ id: properties.id }).from(properties).limit(1);
    return new FirstLoad(db, any === undefined);
  }

  get indexesDeferred(): boolean {
    return this.#running !== undefined;
  }

  /** Before the batch numbered `index` (from 0) is written, once the batches before it have committed. */
  async beforeBatch(index: number): Promise<void> {
    if (index !== 1 || !this.startedEmpty) return;
    this.#running = await deferIndexes(this.db, DEFERRED_TABLE);
  }

  /** Once the ingest's closing maintenance has built what it deferred, or it failed; again, it does nothing. */
  async end(): Promise<void> {
    const running = this.#running;
    this.#running = undefined;
    await running?.release();
  }

  /**
   * After an ingest that failed: builds the deferred indexes now, if the database lets it. When it does not (it
   * is what failed, often), the next start of a `listings` command or of the gateway builds them.
   */
  async abandon(): Promise<void> {
    if (this.#running === undefined) return;
    await this.end();
    await buildLeftoverIndexes(this.db).catch(() => undefined);
  }
}
