import { badInput } from "../../errors.js";

/**
 * Cursors are the decimal text of an event id. Event ids follow commit order, so "every event after cursor N"
 * is a complete, gap-free continuation for any reader on any gateway process.
 */
export type EventCursor = bigint;

const CURSOR_PATTERN = /^(0|[1-9][0-9]{0,18})$/;

export function formatCursor(id: EventCursor): string {
  return id.toString();
}

/**
 * Parses a cursor given by a caller; `null`/`undefined` stays absent. A malformed one is a 400-class error
 * (never a server error).
 */
export function parseCursor(value: string | null | undefined, field = "after"): EventCursor | undefined {
  if (value === null || value === undefined) return undefined;
  if (!CURSOR_PATTERN.test(value)) {
    throw badInput(`${field} must be an event cursor (the decimal cursor of a previous event).`, {
      [field]: ["must be an event cursor (digits only)"],
    });
  }
  const cursor = BigInt(value);
  if (cursor > 9_223_372_036_854_775_807n) {
    throw badInput(`${field} is out of range.`, { [field]: ["is out of range"] });
  }
  return cursor;
}
