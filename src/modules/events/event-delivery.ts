import type { EventRow } from "../../db/schema/index.js";
import { formatCursor } from "./event-cursor.js";

/**
 * One event handed to the subscribers of a process. Live deliveries are one object per event shared by every
 * local subscriber that receives it, so whatever is derived from the event (the listing loaded for a contract,
 * an execution result) is computed once and reused through `shared`.
 */
export class EventDelivery {
  readonly cursor: string;
  private readonly memo = new Map<string, unknown>();

  constructor(readonly event: EventRow) {
    this.cursor = formatCursor(event.id);
  }

  /**
   * The value built for `key` by the first caller for this event; later callers get the same value (a promise
   * is shared as is, so concurrent callers wait for one computation). Keys must capture everything the value
   * depends on (for example the contract it was loaded under).
   */
  shared<T>(key: string, build: () => T): T {
    if (this.memo.has(key)) {
      // The key's value was produced by `build` for this same key; callers agree on T per key by construction.
      return this.memo.get(key) as T;
    }
    const value = build();
    this.memo.set(key, value);
    return value;
  }
}
