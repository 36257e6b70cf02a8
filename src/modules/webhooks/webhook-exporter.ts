import type { Database } from "../../db/client.js";
import { createRequestContext, type ContextLogger } from "../request-context.js";
import { EXPORT_BATCH_SIZE } from "./webhook-kinds.js";
import { exportItem, webhookReader } from "./webhook-payloads.js";
import { exportsReadyForNextBatch, findExportBatch, recordExportBatch, type ExportToContinue } from "./webhook-exports.repository.js";

/** Batches prepared per run at most (each run is woken again while work remains). */
const MAX_BATCHES_PER_RUN = 20;

/**
 * Feeds `classifieds-export` runs: for each running export whose previous batch is settled (delivered or given
 * up), reads the next classifieds by id within the owner's contract and the webhook's filter, renders them as
 * in `GET /classifieds/{id}` and records one `{ exportId, items }` delivery of at most 500 items. Batches of one
 * export share an ordering key, so they go one at a time, each after the previous one was answered.
 */
export class WebhookExporter {
  constructor(
    private readonly db: Database,
    private readonly logger: ContextLogger,
  ) {}

  /** Returns the number of batches recorded. */
  async run(): Promise<number> {
    let recorded = 0;
    const ready = await exportsReadyForNextBatch(this.db);
    for (const job of ready.slice(0, MAX_BATCHES_PER_RUN)) {
      if (await this.nextBatch(job)) recorded += 1;
    }
    return recorded;
  }

  private async nextBatch(job: ExportToContinue): Promise<boolean> {
    const rows = await findExportBatch(this.db, job, EXPORT_BATCH_SIZE);
    const last = rows.at(-1);
    const ctx = createRequestContext({
      db: this.db,
      primaryDb: this.db,
      viewer: webhookReader(job.webhookId, job.accountId, job.contract),
      requestId: `export:${job.exportId}`,
      logger: this.logger,
    });
    const items = await Promise.all(rows.map((row) => exportItem(ctx, row)));
    const done = rows.length < EXPORT_BATCH_SIZE;
    return recordExportBatch(this.db, {
      exportId: job.exportId,
      expectedAfter: job.afterClassifiedId,
      nextAfter: last?.id ?? job.afterClassifiedId,
      items: items.length,
      done,
      delivery:
        items.length === 0
          ? null
          : {
              webhookId: job.webhookId,
              eventType: "export",
              orderingKey: `export:${job.exportId}`,
              payload: JSON.stringify({ exportId: job.exportId, items }),
            },
    });
  }
}
