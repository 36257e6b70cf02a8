/**
 * Coercions for values as collectors scrape them: numbers written as text ("42,5 m²", "650 000 €"), booleans
 * in French or as 0/1, enumeration values in any case ("UNDER_OFFER"), dates with or without a time. Each
 * function returns the clean value, `undefined` for "absent" (null, empty text), or the input unchanged when it
 * cannot be read, so that the zod schema after it reports the problem with its path.
 */

/** Spaces people put inside numbers: normal, non-breaking, narrow non-breaking, thin. */
const NUMBER_SPACES = /[\s\u00a0\u202f\u2009]/g;

/** Units and currency written after a number. */
const TRAILING_UNITS = /(?:m²|m2|m\^2|sqm|€|eur|euros?|kwh\/m²\.an|kwh\/m2\.an|kwh)$/i;

/** Null and blank text mean "not given". */
export function absentWhenEmpty(value: unknown): unknown {
  if (value === null) return undefined;
  if (typeof value === "string" && isBlank(value)) return undefined;
  return value;
}

/** Blank without copying the text (descriptions are long; this runs on every field of every line). */
function isBlank(text: string): boolean {
  return text.length === 0 || (/^\s/.test(text) && text.trim() === "");
}

/** Trimmed text without NUL characters (PostgreSQL text cannot hold them); blank text is absent. */
export function looseText(value: unknown): unknown {
  if (typeof value !== "string") return value === null ? undefined : value;
  const text = value.includes("\u0000") ? value.replaceAll("\u0000", "") : value;
  if (isBlank(text)) return undefined;
  return /^\s|\s$/.test(text) ? text.trim() : text;
}

/**
 * A number from a JSON number or a text such as "42,5 m²", "650 000 €" or "1.250.000": spaces and a unit are
 * dropped, a decimal comma becomes a point, and dots that group thousands (more than one, or one followed by
 * exactly three digits in a whole-number field) are removed.
 */
export function looseNumber(value: unknown, wholeNumber = false): unknown {
  if (typeof value === "number" || value === undefined) return value;
  const present = absentWhenEmpty(value);
  if (typeof present !== "string") return present;
  let text = present.replace(NUMBER_SPACES, "").replace(TRAILING_UNITS, "");
  if (/^-?\d{1,3}(?:\.\d{3}){2,}(?:,\d+)?$/.test(text) || (wholeNumber && /^-?\d{1,3}\.\d{3}$/.test(text))) {
    text = text.replace(/\./g, "");
  }
  text = text.replace(",", ".");
  if (!/^-?(?:\d+\.?\d*|\.\d+)$/.test(text)) return present;
  return Number(text);
}

/** Whole-number variant of {@link looseNumber}: prices, counts and years. */
export function looseWholeNumber(value: unknown): unknown {
  return looseNumber(value, true);
}

const TRUE_WORDS: ReadonlySet<string> = new Set(["true", "yes", "oui", "1", "y", "o", "vrai"]);
const FALSE_WORDS: ReadonlySet<string> = new Set(["false", "no", "non", "0", "n", "faux"]);

/** A boolean from true/false, 1/0, or the words yes/no, oui/non (any case). */
export function looseBoolean(value: unknown): unknown {
  if (typeof value === "boolean" || value === undefined) return value;
  const present = absentWhenEmpty(value);
  if (present === 1 || present === 0) return present === 1;
  if (typeof present !== "string") return present;
  const word = present.trim().toLowerCase();
  if (TRUE_WORDS.has(word)) return true;
  if (FALSE_WORDS.has(word)) return false;
  return present;
}

/** Comparison form of an enumeration value: lower-case without `_`, `-` or spaces ("under_offer" = "underOffer"). */
function enumKey(value: string): string {
  return value.replace(/[\s_-]/g, "").toLowerCase();
}

/**
 * Maps a value written in any case and with any separators onto the canonical member of `values`
 * ("UNDER-OFFER" → "underOffer"); anything else is returned unchanged for the enum check to report.
 */
export function looseEnum(values: readonly string[]): (value: unknown) => unknown {
  const byKey = new Map(values.map((member) => [enumKey(member), member]));
  const exact: ReadonlySet<unknown> = new Set(values);
  return (value) => {
    if (value === undefined || exact.has(value)) return value;
    const present = absentWhenEmpty(value);
    if (typeof present !== "string") return present;
    return byKey.get(enumKey(present)) ?? present;
  };
}

/** Date and time with an explicit offset: `2026-11-20T08:12:00Z`, `2026-11-20 08:12:00.5+01:00`. */
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})$/i;
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True when year-month-day (and hour:minute:second when given) name a real calendar moment. */
function isRealDate(parts: RegExpExecArray): boolean {
  const [year, month, day, hour = "0", minute = "0", second = "0"] = parts.slice(1).map((part) => part ?? "0");
  const probe = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  return (
    probe.getUTCFullYear() === Number(year) &&
    probe.getUTCMonth() === Number(month) - 1 &&
    probe.getUTCDate() === Number(day) &&
    Number(hour) < 24 &&
    Number(minute) < 60 &&
    Number(second) < 60
  );
}

/**
 * A `Date` from an ISO 8601 date-time with an offset (a time without an offset is ambiguous and left for the
 * schema to reject). With `dateOnly`, a plain `YYYY-MM-DD` is accepted as midnight UTC.
 */
export function looseDate(value: unknown, dateOnly: boolean): unknown {
  const present = looseText(value);
  if (typeof present !== "string") return present;
  const withTime = DATE_TIME.exec(present);
  if (withTime !== null) return isRealDate(withTime) ? new Date(present.replace(" ", "T")) : present;
  const plain = dateOnly ? DATE_ONLY.exec(present) : null;
  if (plain !== null && isRealDate(plain)) return new Date(`${present}T00:00:00Z`);
  return present;
}
