/**
 * Building blocks of the observation schema. Each field is a zod schema for the clean value plus a coercion
 * for the loosely written forms (see loose-values.ts). The coercions of a whole line run in one pass before
 * zod validates, instead of one zod preprocessing step per field: validation of plain types is several times
 * faster, and this runs for every ingested line.
 */
import { z } from "zod";
import { absentWhenEmpty, looseBoolean, looseDate, looseEnum, looseNumber, looseText, looseWholeNumber } from "./loose-values.js";

/** Largest value of a PostgreSQL `integer` column. */
export const MAX_INTEGER = 2_147_483_647;

/** Dates after this are rejected as typos (a year 20226). */
export const MAX_YEAR = 2100;

export type Field<S extends z.ZodType = z.ZodType> = { schema: S; coerce: (value: unknown) => unknown };

/** "is required" when absent, "must be ..." otherwise. */
export const requiredMessage = (expected: string) => (issue: { input: unknown }) => (issue.input === undefined ? "is required" : `must be ${expected}`);

export const text = (max: number) => ({
  schema: z.string({ error: "must be a string" }).max(max, `must be at most ${max} characters`).optional(),
  coerce: looseText,
});

export const requiredText = (max: number, expected: string) => ({
  schema: z.string({ error: requiredMessage(expected) }).max(max, `must be at most ${max} characters`),
  coerce: looseText,
});

export const bool = () => ({ schema: z.boolean({ error: "must be a boolean" }).optional(), coerce: looseBoolean });

/** Rounded half up from text or decimals (rooms, floors, years, prices). */
function roundedWhole(value: unknown): unknown {
  const number = looseWholeNumber(value);
  return typeof number === "number" ? Math.round(number) : number;
}

export const whole = (min: number, max: number) => ({
  schema: z.number({ error: "must be a number" }).min(min, `must be at least ${min}`).max(max, `must be at most ${max}`).optional(),
  coerce: roundedWhole,
});

export const requiredWhole = (min: number, max: number) => ({
  schema: z
    .number({ error: requiredMessage("a number") })
    .min(min, `must be at least ${min}`)
    .max(max, `must be at most ${max}`),
  coerce: roundedWhole,
});

/** An area in m²; 0 means "unknown" on several portals and is read as absent. */
export const area = () => ({
  schema: z.number({ error: "must be a number" }).positive("must be greater than 0").max(1e9, "is implausibly large").optional(),
  coerce: (value: unknown) => {
    const number = looseNumber(value);
    return number === 0 ? undefined : number;
  },
});

export const decimal = (min: number, max: number) => ({
  schema: z.number({ error: "must be a number" }).min(min, `must be at least ${min}`).max(max, `must be at most ${max}`).optional(),
  coerce: (value: unknown) => looseNumber(value),
});

export const enumOf = <const T extends readonly [string, ...string[]]>(values: T) => ({
  schema: z.enum(values, { error: `must be one of ${values.join(", ")}` }).optional(),
  coerce: looseEnum(values),
});

export const requiredEnum = <const T extends readonly [string, ...string[]]>(values: T) => ({
  schema: z.enum(values, { error: requiredMessage(`one of ${values.join(", ")}`) }),
  coerce: looseEnum(values),
});

/** A fixed value (`currency: euro`) accepted in any case. */
export const literal = <const T extends string>(value: T) => ({
  schema: z.literal(value, { error: `must be ${value}` }).optional(),
  coerce: looseEnum([value]),
});

export const date = (dateOnly: boolean) => ({
  schema: z
    .date({ error: dateOnly ? "must be an ISO 8601 date or date-time" : "must be an ISO 8601 date-time with an offset (e.g. 2026-11-20T08:12:00Z)" })
    .max(new Date(Date.UTC(MAX_YEAR, 0, 1)), `must be before ${MAX_YEAR}`)
    .optional(),
  coerce: (value: unknown) => looseDate(value, dateOnly),
});

export const requiredDateTime = () => ({
  schema: z.date({ error: requiredMessage("an ISO 8601 date-time with an offset (e.g. 2026-11-20T08:12:00Z)") }),
  coerce: (value: unknown) => looseDate(value, false),
});

/** SIREN, SIRET, postcodes and INSEE codes arrive as text with separators or as JSON numbers. */
export const code = (max: number) => ({
  schema: z.string({ error: "must be a string" }).max(max, "is too long").optional(),
  coerce: (value: unknown) => (typeof value === "number" ? String(value) : looseText(value)),
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

/** A required object with unknown keys rejected. */
export function object<T extends Shape>(shape: T, expected = "an object") {
  return { schema: z.strictObject(schemasOf(shape), { error: requiredMessage(expected) }), coerce: coerceObject(shape) };
}

/** An optional object with unknown keys rejected; null or an empty string counts as absent. */
export function optionalObject<T extends Shape>(shape: T) {
  return { schema: z.strictObject(schemasOf(shape), { error: "must be an object" }).optional(), coerce: coerceObject(shape) };
}

/** An optional array of objects, at most `max` long. */
export function optionalArray<T extends Shape>(item: T, max: number) {
  const coerceItem = coerceObject(item);
  return {
    schema: z
      .array(z.strictObject(schemasOf(item), { error: "must be an object" }), { error: "must be an array" })
      .max(max, `at most ${max} items`)
      .optional(),
    coerce: (value: unknown) => {
      const present = absentWhenEmpty(value);
      return Array.isArray(present) ? present.map(coerceItem) : present;
    },
  };
}

/** The whole line: one coercion pass, then zod. */
export function rootSchema<T extends Shape>(shape: T) {
  const root = object(shape);
  return z.preprocess(root.coerce, root.schema);
}
