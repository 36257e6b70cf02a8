/**
 * Building blocks of the observation schema. Each field is a zod schema for the clean value, a coercion for the
 * loosely written forms (see loose-values.ts), and `accepts`, the same rule as the schema written as a plain
 * test. The coercions of a whole line run in one pass; then a line that passes the plain tests is taken as it
 * is, and only one that fails goes through zod, which says what is wrong. Zod's walk of a valid line cost a fifth
 * of preparing it, for every ingested line; test/unit/observation-schema.test.ts checks that the two agree, on
 * generated lines and on thousands of variants of them, valid or not.
 */
import { z } from "zod";
import { absentWhenEmpty, looseBoolean, looseDate, looseEnum, looseNumber, looseText, looseWholeNumber } from "./loose-values.js";

/** Largest value of a PostgreSQL `integer` column. */
export const MAX_INTEGER = 2_147_483_647;

/** Dates after this are rejected as typos (a year 20226). */
export const MAX_YEAR = 2100;

export type Field<S extends z.ZodType = z.ZodType> = {
  schema: S;
  coerce: (value: unknown) => unknown;
  /** True only for a value that `schema` accepts and returns unchanged. */
  accepts: (value: unknown) => boolean;
};

const isText = (value: unknown, max: number) => typeof value === "string" && value.length <= max;
/** A number zod's `z.number()` takes: finite, within the bounds. */
const isNumberWithin = (value: unknown, min: number, max: number) => typeof value === "number" && Number.isFinite(value) && value >= min && value <= max;
const isValidDate = (value: unknown): value is Date => value instanceof Date && !Number.isNaN(value.getTime());
/** Optional fields: absent, or a value the field's own test accepts. */
const orAbsent =
  (accepts: (value: unknown) => boolean) =>
  (value: unknown): boolean =>
    value === undefined || accepts(value);

/** "is required" when absent, "must be ..." otherwise. */
export const requiredMessage = (expected: string) => (issue: { input: unknown }) => (issue.input === undefined ? "is required" : `must be ${expected}`);

export const text = (max: number) => ({
  schema: z.string({ error: "must be a string" }).max(max, `must be at most ${max} characters`).optional(),
  coerce: looseText,
  accepts: orAbsent((value) => isText(value, max)),
});

export const requiredText = (max: number, expected: string) => ({
  schema: z.string({ error: requiredMessage(expected) }).max(max, `must be at most ${max} characters`),
  coerce: looseText,
  accepts: (value: unknown) => isText(value, max),
});

export const bool = () => ({
  schema: z.boolean({ error: "must be a boolean" }).optional(),
  coerce: looseBoolean,
  accepts: orAbsent((value) => typeof value === "boolean"),
});

/** Rounded half up from text or decimals (rooms, floors, years, prices). */
function roundedWhole(value: unknown): unknown {
  const number = looseWholeNumber(value);
  return typeof number === "number" ? Math.round(number) : number;
}

export const whole = (min: number, max: number) => ({
  schema: z.number({ error: "must be a number" }).min(min, `must be at least ${min}`).max(max, `must be at most ${max}`).optional(),
  coerce: roundedWhole,
  accepts: orAbsent((value) => isNumberWithin(value, min, max)),
});

export const requiredWhole = (min: number, max: number) => ({
  schema: z
    .number({ error: requiredMessage("a number") })
    .min(min, `must be at least ${min}`)
    .max(max, `must be at most ${max}`),
  coerce: roundedWhole,
  accepts: (value: unknown) => isNumberWithin(value, min, max),
});

/** An area in m²; 0 means "unknown" on several portals and is read as absent. */
export const area = () => ({
  schema: z.number({ error: "must be a number" }).positive("must be greater than 0").max(1e9, "is implausibly large").optional(),
  coerce: (value: unknown) => {
    const number = looseNumber(value);
    return number === 0 ? undefined : number;
  },
  accepts: orAbsent((value) => isNumberWithin(value, Number.MIN_VALUE, 1e9)), // The smallest double above 0: positive.
});

export const decimal = (min: number, max: number) => ({
  schema: z.number({ error: "must be a number" }).min(min, `must be at least ${min}`).max(max, `must be at most ${max}`).optional(),
  coerce: (value: unknown) => looseNumber(value),
  accepts: orAbsent((value) => isNumberWithin(value, min, max)),
});

export const enumOf = <const T extends readonly [string, ...string[]]>(values: T) => ({
  schema: z.enum(values, { error: `must be one of ${values.join(", ")}` }).optional(),
  coerce: looseEnum(values),
  accepts: orAbsent(isOneOf(values)),
});

export const requiredEnum = <const T extends readonly [string, ...string[]]>(values: T) => ({
  schema: z.enum(values, { error: requiredMessage(`one of ${values.join(", ")}`) }),
  coerce: looseEnum(values),
  accepts: isOneOf(values),
});

function isOneOf(values: readonly string[]): (value: unknown) => boolean {
  const known: ReadonlySet<unknown> = new Set(values);
  return (value) => known.has(value);
}

/** A fixed value (`currency: euro`) accepted in any case. */
export const literal = <const T extends string>(value: T) => ({
  schema: z.literal(value, { error: `must be ${value}` }).optional(),
  coerce: looseEnum([value]),
  accepts: orAbsent((given) => given === value),
});

const LATEST_DATE = Date.UTC(MAX_YEAR, 0, 1);

export const date = (dateOnly: boolean) => ({
  schema: z
    .date({ error: dateOnly ? "must be an ISO 8601 date or date-time" : "must be an ISO 8601 date-time with an offset (e.g. 2026-11-20T08:12:00Z)" })
    .max(new Date(LATEST_DATE), `must be before ${MAX_YEAR}`)
    .optional(),
  coerce: (value: unknown) => looseDate(value, dateOnly),
  accepts: orAbsent((value) => isValidDate(value) && value.getTime() <= LATEST_DATE),
});

export const requiredDateTime = () => ({
  schema: z.date({ error: requiredMessage("an ISO 8601 date-time with an offset (e.g. 2026-11-20T08:12:00Z)") }),
  coerce: (value: unknown) => looseDate(value, false),
  accepts: isValidDate,
});

/** SIREN, SIRET, postcodes and INSEE codes arrive as text with separators or as JSON numbers. */
export const code = (max: number) => ({
  schema: z.string({ error: "must be a string" }).max(max, "is too long").optional(),
  coerce: (value: unknown) => (typeof value === "number" ? String(value) : looseText(value)),
  accepts: orAbsent((value) => isText(value, max)),
});

type Shape = Record<string, Field>;
type SchemasOf<T extends Shape> = { [K in keyof T]: T[K]["schema"] };

/**
 * Coerces the known keys of a plain object; unknown keys are copied as they are for the strict check to
 * report. Walks the keys present (most optional fields are absent) and builds a new object rather than
 * deleting keys (deleting makes V8 objects slow to read).
 */
function coerceObject(shape: Shape): (value: unknown) => unknown {
  // A Map, not `key in shape`: "toString" or "__proto__" must count as unknown keys, not as inherited ones.
  const fields = new Map(Object.entries(shape));
  return (value) => {
    const present = absentWhenEmpty(value);
    if (typeof present !== "object" || present === null || Array.isArray(present)) return present;
    const input = present as Readonly<Record<string, unknown>>; // A plain (non-array) object parsed from JSON.
    const result: Record<string, unknown> = {};
    for (const key of Object.keys(input)) {
      const field = fields.get(key);
      if (field === undefined) {
        // defineProperty keeps a key named "__proto__" an own, visible key (assignment would set the prototype).
        Object.defineProperty(result, key, { value: input[key], enumerable: true, writable: true, configurable: true });
        continue;
      }
      const coerced = field.coerce(input[key]);
      if (coerced !== undefined) result[key] = coerced;
    }
    return result;
  };
}

function schemasOf<T extends Shape>(shape: T): SchemasOf<T> {
  // Same keys as `shape`, each mapped to its field's schema: exactly SchemasOf<T>.
  return Object.fromEntries(Object.entries(shape).map(([key, field]) => [key, field.schema])) as SchemasOf<T>;
}

/**
 * A plain object with no key outside `shape`, every key present accepted by its field, and every required field
 * present. Only the keys present are tested, then the required ones: most optional fields are absent.
 */
function acceptsObject(shape: Shape): (value: unknown) => boolean {
  const fields = new Map(Object.entries(shape));
  const required = [...fields].filter(([, field]) => !field.accepts(undefined)).map(([key]) => key);
  return (value) => {
    if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
    const input = value as Readonly<Record<string, unknown>>; // A non-array object: reading absent keys is safe.
    for (const key of Object.keys(input)) {
      const field = fields.get(key);
      if (field === undefined || !field.accepts(input[key])) return false;
    }
    for (const key of required) if (input[key] === undefined) return false;
    return true;
  };
}

/** A required object with unknown keys rejected. */
export function object<T extends Shape>(shape: T, expected = "an object") {
  return {
    schema: z.strictObject(schemasOf(shape), { error: requiredMessage(expected) }),
    coerce: coerceObject(shape),
    accepts: acceptsObject(shape),
  };
}

/** An optional object with unknown keys rejected; null or an empty string counts as absent. */
export function optionalObject<T extends Shape>(shape: T) {
  return {
    schema: z.strictObject(schemasOf(shape), { error: "must be an object" }).optional(),
    coerce: coerceObject(shape),
    accepts: orAbsent(acceptsObject(shape)),
  };
}

/** An optional array of objects, at most `max` long. */
export function optionalArray<T extends Shape>(item: T, max: number) {
  const coerceItem = coerceObject(item);
  const acceptsItem = acceptsObject(item);
  return {
    schema: z
      .array(z.strictObject(schemasOf(item), { error: "must be an object" }), { error: "must be an array" })
      .max(max, `at most ${max} items`)
      .optional(),
    coerce: (value: unknown) => {
      const present = absentWhenEmpty(value);
      return Array.isArray(present) ? present.map(coerceItem) : present;
    },
    accepts: orAbsent((value) => Array.isArray(value) && value.length <= max && value.every(acceptsItem)),
  };
}

/**
 * The whole line: one coercion pass, then the plain tests; zod parses only a line they refuse, to say why (or,
 * should the tests ever refuse a line zod takes, to take it). `schema` is the same rule as one zod schema.
 */
export function rootSchema<T extends Shape>(shape: T) {
  const root = object(shape);
  const schema = z.preprocess(root.coerce, root.schema);
  type Output = z.output<typeof schema>;
  return {
    schema,
    safeParse(json: unknown): { success: true; data: Output } | { success: false; error: z.ZodError } {
      const coerced = root.coerce(json);
      // Accepted: exactly what zod would return, as `accepts` promises; the tests compare the two.
      if (root.accepts(coerced)) return { success: true, data: coerced as Output };
      const result = root.schema.safeParse(coerced); // `schema` on the coerced line, without coercing it again
      return result.success ? { success: true, data: result.data } : { success: false, error: result.error };
    },
  };
}
