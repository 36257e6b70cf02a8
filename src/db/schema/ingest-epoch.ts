import { bigint, pgTable, smallint } from "drizzle-orm/pg-core";

/**
 * A single row counting the ingest batches committed. Every ingest transaction increments it first: its row
 * lock makes the batches of concurrent ingests apply one after the other, and the count tells a batch planned
 * ahead whether another ingest committed in the meantime (src/modules/ingest/batch-pipeline.ts). It is also the
 * version of the listings data for what searches remember between requests (src/modules/search/data-version.ts):
 * a transaction that writes classifieds or properties without incrementing it would leave them stale.
 */
export const ingestEpoch = pgTable("ingest_epoch", {
  id: smallint("id").primaryKey(),
  epoch: bigint("epoch", { mode: "number" }).notNull(),
});
