/**
 * The rows of a `db.execute` result: postgres.js answers the rows themselves, PGlite an object holding them. The
 * caller names the row shape of the SQL it wrote; the drivers type raw results as unknown rows.
 */
export function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  if (typeof result === "object" && result !== null && "rows" in result && Array.isArray(result.rows)) return result.rows as T[];
  throw new Error("unexpected result shape from db.execute");
}
