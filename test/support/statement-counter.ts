import type { Database } from "../../src/db/client.js";

export type StatementCounter = {
  /** SQL texts run since the last reset, in order. */
  statements(): string[];
  reset(): void;
  stop(): void;
};

type Method = (...args: unknown[]) => unknown;

/**
 * Records every SQL statement the database driver runs, by wrapping the driver's query methods on the client
 * Drizzle holds (`db.$client`): `unsafe` for postgres.js, `query`/`exec` for PGlite. Tests use it to bound
 * how many statements a request makes.
 */
export function countStatements(db: Database): StatementCounter {
  const client: unknown = Reflect.get(db, "$client");
  if ((typeof client !== "object" && typeof client !== "function") || client === null) throw new Error("no driver client on db");
  const seen: string[] = [];
  const restore: (() => void)[] = [];
  for (const name of ["unsafe", "query", "exec"]) {
    const original: unknown = Reflect.get(client, name);
    if (typeof original !== "function") continue;
    const method = original as Method; // checked to be a function just above
    Reflect.set(client, name, function (this: unknown, ...args: unknown[]) {
      if (typeof args[0] === "string") seen.push(args[0]);
      return method.apply(this, args);
    });
    restore.push(() => Reflect.set(client, name, original));
  }
  if (restore.length === 0) throw new Error("unknown driver: no query method to wrap");
  return {
    statements: () => [...seen],
    reset: () => void seen.splice(0),
    stop: () => {
      for (const undo of restore) undo();
    },
  };
}
