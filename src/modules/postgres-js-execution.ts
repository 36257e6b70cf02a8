import { is, Param, Placeholder } from "drizzle-orm";
import { PostgresJsPreparedQuery } from "drizzle-orm/postgres-js";

/**
 * A shorter way to run the hot prepared statements on PostgreSQL. Drizzle's `execute` on postgres.js wraps each
 * run in three async functions (tracing spans, its result cache check, error wrapping) and resolves every
 * parameter by walking prototypes: for a `property(id)` request, which runs four statements, that was about a
 * twentieth of its allocations in a heap profile under load. The statement is the one Drizzle built: same
 * SQL text, same parameters, same named prepared statement on the server, same row mapping; only the calls
 * around it go. Statements on PGlite, and any other kind, keep Drizzle's `execute`.
 *
 * A failing run rejects with postgres.js's error (Drizzle's wrapper would carry it as its `cause`).
 */

/** The parts of Drizzle's postgres.js prepared query this reads (plain properties of the instance). */
type PostgresJsParts = {
  client: { unsafe(query: string, params: unknown[], options: { prepare: boolean }): { values(): Promise<unknown[][]> } };
  queryString: string;
  params: unknown[];
  prepare: boolean;
  customResultMapper?: (rows: unknown[][]) => unknown;
  execute(values?: Record<string, unknown>): Promise<unknown>;
};

/**
 * Gives a postgres.js prepared query whose result mapping is compiled (compiled-row-mapper.ts) a direct
 * `execute`; returns the query. Anything else is left as it is.
 */
export function withDirectExecution<T>(prepared: T): T {
  if (!is(prepared, PostgresJsPreparedQuery)) return prepared;
  const query = prepared as unknown as PostgresJsParts;
  const mapRows = query.customResultMapper;
  if (mapRows === undefined) return prepared;
  const fill = parameterFiller(query.params);
  const { client, queryString, prepare } = query;
  query.execute = (values = {}) => {
    let params: unknown[];
    try {
      params = fill(values);
    } catch (error) {
      return Promise.reject(error); // as from Drizzle's async execute
    }
    return client.unsafe(queryString, params, { prepare }).values().then(mapRows);
  };
  return prepared;
}

/** Drizzle's `fillPlaceholders`, with each parameter's kind found once instead of at every run. */
function parameterFiller(params: readonly unknown[]): (values: Record<string, unknown>) => unknown[] {
  const slots = params.map((param) => {
    if (is(param, Placeholder)) return { name: param.name, encode: (value: unknown) => value };
    if (is(param, Param) && is(param.value, Placeholder)) {
      const encoder = param.encoder;
      return { name: param.value.name, encode: (value: unknown) => (encoder ? encoder.mapToDriverValue(value) : value) };
    }
    return { constant: param };
  });
  return (values) =>
    slots.map((slot) => {
      if ("constant" in slot) return slot.constant;
      if (!(slot.name in values)) throw new Error(`No value for placeholder "${slot.name}" was provided`);
      return slot.encode(values[slot.name]);
    });
}
