/**
 * Helpers for DataLoader batch functions: DataLoader requires one result per key, in key order. These build
 * that array from rows in any order, with an explicit value for keys that matched nothing.
 */

/** One row (or `missing`) per key, matched by `keyOf(row)`. */
export function onePerKey<K, R, D>(keys: readonly K[], rows: readonly R[], keyOf: (row: R) => K, missing: D): (R | D)[] {
  const byKey = new Map<K, R>();
  for (const row of rows) byKey.set(keyOf(row), row);
  return keys.map((key) => byKey.get(key) ?? missing);
}

/** The rows of each key, in the order the rows came (the query's order); an empty list for keys with none. */
export function manyPerKey<K, R>(keys: readonly K[], rows: readonly R[], keyOf: (row: R) => K): R[][] {
  const byKey = new Map<K, R[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const list = byKey.get(key);
    if (list) list.push(row);
    else byKey.set(key, [row]);
  }
  return keys.map((key) => byKey.get(key) ?? []);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Is `value` a UUID in the canonical 8-4-4-4-12 hex form? Lookups answer "absent" for anything else. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/** A PostgreSQL array literal of UUIDs, bound as one text parameter and cast to `uuid[]` in SQL. */
export function uuidArrayLiteral(ids: readonly string[]): string {
  return `{${ids.filter(isUuid).join(",")}}`;
}

/** A PostgreSQL array literal of strings, bound as one text parameter and cast to `text[]` in SQL. */
export function textArrayLiteral(values: readonly string[]): string {
  return `{${values.map((value) => `"${value.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(",")}}`;
}
