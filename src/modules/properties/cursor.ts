import { badInput } from "../../errors.js";

/**
 * Connection cursors: the position of an item in the ordered result, opaque to clients. Positions are stable
 * while the data does not change (the search breaks ties by id).
 */
const PREFIX = "position:";

export function encodeCursor(position: number): string {
  return Buffer.from(`${PREFIX}${position}`, "utf8").toString("base64url");
}

/** The offset of the item after the cursor: 0 without a cursor. A cursor this API did not make is bad input. */
export function offsetAfter(cursor: string | null | undefined): number {
  if (cursor == null) return 0;
  const text = Buffer.from(cursor, "base64url").toString("utf8");
  const position = text.startsWith(PREFIX) ? Number(text.slice(PREFIX.length)) : Number.NaN;
  if (!Number.isSafeInteger(position) || position < 0 || encodeCursor(position) !== cursor) {
    throw badInput("Invalid cursor.", { after: ["is not a cursor returned by this API"] });
  }
  return position + 1;
}
