/**
 * The event log's retention. Events older than the retention horizon (EVENT_RETENTION_DAYS) are deleted, a
 * batch at a time, and the id of the last one deleted is kept: a cursor below it would resume with a gap, so it
 * is refused with CURSOR_EXPIRED and the way to resynchronise, never served silently. Price histories are not
 * events: they are kept whole.
 */
import { desc, eq, lt, lte, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { eventLogHorizon, events } from "../../db/schema/index.js";
import { AppError } from "../../errors.js";
import type { EventCursor } from "./event-cursor.js";

const HORIZON_ROW = 1;
const DELETE_BATCH = 10_000;

/** Deletes the events that occurred more than `retentionMs` ago; returns how many. */
export async function pruneEventLog(db: Database, retentionMs: number, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - retentionMs);
  let deleted = 0;
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const [last] = await tx
        .select({ id: events.id })
        .from(events)
        .where(lt(events.occurredAt, cutoff))
        .orderBy(events.id)
        .offset(DELETE_BATCH - 1)
        .limit(1);
      const [newest] = last ? [last] : await tx.select({ id: events.id }).from(events).where(lt(events.occurredAt, cutoff)).orderBy(desc(events.id)).limit(1);
      const through = newest?.id ?? null;
      if (through === null) return 0;
      // Ids follow commit order, and occurrence times grow with them: everything up to `through` is older.
      const removed = await tx.delete(events).where(lte(events.id, through)).returning({ id: events.id });
      await tx
        .insert(eventLogHorizon)
        .values({ id: HORIZON_ROW, prunedThrough: through, prunedAt: now })
        .onConflictDoUpdate({
          target: eventLogHorizon.id,
          set: { prunedThrough: sql`greatest(${eventLogHorizon.prunedThrough}, excluded.pruned_through)`, prunedAt: now },
        });
      return removed.length;
    });
    deleted += batch;
    if (batch < DELETE_BATCH) return deleted;
  }
}

/** The id of the last event deleted by retention (0 when none was). */
export async function eventLogHorizonOf(db: Database): Promise<EventCursor> {
  const [row] = await db.select({ prunedThrough: eventLogHorizon.prunedThrough }).from(eventLogHorizon).where(eq(eventLogHorizon.id, HORIZON_ROW));
  return row?.prunedThrough ?? 0n;
}

/**
 * Refuses a cursor whose continuation is no longer whole: events after it were deleted by retention. The caller
 * resynchronises by reading the current state (the lookups and the search) and resuming from a recent cursor.
 */
export async function assertCursorRetained(db: Database, cursor: EventCursor, field = "after"): Promise<void> {
  const horizon = await eventLogHorizonOf(db);
  if (cursor >= horizon) return;
  throw new AppError(
    "CURSOR_EXPIRED",
    `${field}: the events after cursor ${cursor} are no longer kept (the event log keeps those after ${horizon}). ` +
      "Read the current state again (lookups, search), then resume from a recent cursor, or subscribe without one.",
    { [field]: [`is older than the event log's horizon (${horizon})`] },
  );
}
