import { isOneOf } from "../../domain/enums.js";

/**
 * Narrows a stored text column to its enumeration. Ingest writes only valid members; a value that is not one
 * (a row written by hand, an enumeration shrunk later) reads as null rather than breaking the response.
 */
export function enumOrNull<const T extends readonly string[]>(values: T, value: string | null): T[number] | null {
  return isOneOf(values, value) ? value : null;
}

/** Like {@link enumOrNull} for required columns: an unknown value reads as `fallback`. */
export function enumOr<const T extends readonly string[]>(values: T, value: string, fallback: T[number]): T[number] {
  return isOneOf(values, value) ? value : fallback;
}
