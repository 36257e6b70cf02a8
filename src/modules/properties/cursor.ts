import { badInput } from "../../errors.js";
import type { PropertySearchSort, SortPosition } from "../search/search.types.js";

/**
 * Connection cursors, opaque to clients: the item's position in the ordered result (to number the next page
 * and check the plan's window) and its sort position (sort key and id), so that the next page starts right
 * after it instead of reading and skipping every result before it. A cursor belongs to the order it was made
 * in: used with another order it is bad input. Cursors of the earlier form, the position alone, are still
 * read (the next page is then found by counting).
 */
const LEGACY_PREFIX = "position:";
const PREFIX = "after:";

/** Where the page after a cursor starts. */
export type PageStart = { offset: number; after?: SortPosition };

export function encodeCursor(position: number, sort: PropertySearchSort, at: SortPosition): string {
  return Buffer.from(`${PREFIX}${JSON.stringify([position, sort.by, sort.order, at.key, at.id])}`, "utf8").toString("base64url");
}

/** Where the page after `cursor` starts: at the beginning without one. A cursor this API did not make is bad input. */
export function pageAfter(cursor: string | null | undefined, sort: PropertySearchSort): PageStart {
  if (cursor == null) return { offset: 0 };
  const text = Buffer.from(cursor, "base64url").toString("utf8");
  if (text.startsWith(LEGACY_PREFIX)) {
    const position = Number(text.slice(LEGACY_PREFIX.length));
    if (Number.isSafeInteger(position) && position >= 0 && Buffer.from(`${LEGACY_PREFIX}${position}`).toString("base64url") === cursor) {
      return { offset: position + 1 };
    }
    throw invalidCursor();
  }
  const parts = text.startsWith(PREFIX) ? parsed(text.slice(PREFIX.length)) : undefined;
  if (!Array.isArray(parts) || parts.length !== 5) throw invalidCursor();
  const [position, by, order, key, id] = parts;
  if (!Number.isSafeInteger(position) || (position as number) < 0 || (key !== null && typeof key !== "string") || typeof id !== "string" || !UUID.test(id)) {
    throw invalidCursor();
  }
  if (by !== sort.by || order !== sort.order) {
    throw badInput("This cursor was made for another order.", { after: ["belongs to a search in another order: start again without it"] });
  }
  return { offset: (position as number) + 1, after: { key, id } };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function parsed(json: string): unknown {
  try {
    return JSON.parse(json);
  } catch {
    return undefined;
  }
}

function invalidCursor() {
  return badInput("Invalid cursor.", { after: ["is not a cursor returned by this API"] });
}
