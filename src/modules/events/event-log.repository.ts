import { asc, desc, gt, gte, inArray } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { events, type EventRow } from "../../db/schema/index.js";
import type { EventCursor } from "./event-cursor.js";

/**
 * Committed events with an id above `cursor`, oldest first, at most `limit`. Event ids are assigned in commit
 * order (see the events schema), so paging with the last id returned never skips an event.
 */
export async function readEventsAfter(db: Database, cursor: EventCursor, limit: number): Promise<EventRow[]> {
  return db.select().from(events).where(gt(events.id, cursor)).orderBy(asc(events.id)).limit(limit);
}

/** The id of the newest committed event, 0 when there is none: where a reader that wants only new events starts. */
export async function latestEventCursor(db: Database): Promise<EventCursor> {
  const [row] = await db.select({ id: events.id }).from(events).orderBy(desc(events.id)).limit(1);
  return row?.id ?? 0n;
}

/**
 * The cursor just before the first event that occurred at or after `time`: replaying after it yields every event
 * from that time on. When no event is that recent, the newest cursor.
 */
export async function cursorBeforeTime(db: Database, time: Date): Promise<EventCursor> {
  const [row] = await db.select({ id: events.id }).from(events).where(gte(events.occurredAt, time)).orderBy(asc(events.id)).limit(1);
  if (row) return row.id - 1n;
  return latestEventCursor(db);
}

/** The events with these ids (those that exist), in no particular order. */
export async function readEventsByIds(db: Database, ids: readonly bigint[]): Promise<EventRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(events)
    .where(inArray(events.id, [...ids]));
}
