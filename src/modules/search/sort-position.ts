/**
 * A result's sort key as it travels in a cursor: a plain decimal number whatever the key, so that a cursor a
 * client altered is refused here, by its shape, instead of failing as SQL. Times are whole microseconds since
 * the epoch (PostgreSQL's precision, which a JavaScript date would round to milliseconds), prices and prices
 * per m² integers, relevance a float8 as PostgreSQL writes it (the shortest text that reads back exactly).
 */
export type SortKeyKind = "time" | "integer" | "real";

const INTEGER = /^-?\d{1,19}$/;
const REAL = /^-?\d+(\.\d+)?(e[-+]?\d+)?$/;
const INT4_MIN = -2_147_483_648;
const INT4_MAX = 2_147_483_647;
/** Microseconds since the epoch of the years 1 and 9999's ends: every time a listing can carry, well inside SQL's range. */
const TIME_MIN = -62_135_596_800_000_000n;
const TIME_MAX = 253_402_300_799_999_999n;

export function isPositionText(kind: SortKeyKind, text: string): boolean {
  switch (kind) {
    case "time": {
      if (!INTEGER.test(text)) return false;
      const micros = BigInt(text);
      return micros >= TIME_MIN && micros <= TIME_MAX;
    }
    case "integer":
      return INTEGER.test(text) && Number(text) >= INT4_MIN && Number(text) <= INT4_MAX;
    case "real":
      return REAL.test(text) && Number.isFinite(Number(text));
  }
}
