/**
 * The ingest's turn: how batches of concurrent ingests (several collectors pushing at once, a CLI run next to
 * the server, a regroup) apply one after the other, and how a batch planned ahead learns whether its plan is
 * still right. Everything that takes or checks a turn is here; the SQL it relies on is the single-row table
 * `ingest_epoch` (db/schema/ingest-epoch.ts, migration 0005) and the function `ingest_take_turn_after`
 * (migration 0008):
 *
 *   UPDATE ingest_epoch SET epoch = epoch + 1 WHERE id = 1 AND epoch = expected RETURNING epoch INTO taken;
 *   IF taken IS NULL THEN RAISE EXCEPTION '...' USING ERRCODE = 'LG001'; END IF;
 *
 * Every ingest transaction takes its turn first thing by incrementing the counter. The row lock is held until
 * commit, so the batches of concurrent ingests serialise there, and identity (one classified per url) and
 * grouping are decided on committed data; normalisation, the costly part, still runs in parallel before. The
 * counter is the number of batches committed so far: a batch planned while the one before it wrote read the
 * database as of that batch's turn, so its plan holds if the counter is still that turn's when its own comes.
 */
import { sql } from "drizzle-orm";
import type { Transaction } from "../../db/client.js";
import { ingestEpoch } from "../../db/schema/index.js";

/**
 * Takes the turn in a transaction of this thread and returns the number of batches committed so far, this one
 * included once it commits.
 */
export async function takeIngestTurn(tx: Transaction): Promise<number> {
  const [turn] = await tx
    .insert(ingestEpoch)
    .values({ id: 1, epoch: 1 })
    .onConflictDoUpdate({ target: ingestEpoch.id, set: { epoch: sql`${ingestEpoch.epoch} + 1` } })
    .returning({ epoch: ingestEpoch.epoch });
  if (turn === undefined) throw new Error("the ingest epoch was not returned");
  return turn.epoch;
}

/** Is a plan made after the turn `plannedAfter` still right for a batch whose turn is `turn`? */
export function planStillRight(plannedAfter: number, turn: number): boolean {
  return plannedAfter + 1 === turn;
}

/**
 * The statement the batch writer sends right after BEGIN (batch-writer-worker.ts): the turn, only if the counter
 * is still `$1`, the turn the plan assumed. It answers the new count as text.
 */
export const TAKE_TURN_AFTER = "select ingest_take_turn_after($1::bigint)::text as epoch";

/** The SQLSTATE that ingest_take_turn_after raises when another batch committed since the plan read. */
export const TURN_MOVED = "LG001";

/** A batch planned ahead found, taking its turn, that another ingest committed since its plan read. */
export class IngestTurnMoved extends Error {}
