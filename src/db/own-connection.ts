import type postgres from "postgres";
import type { Database } from "./database.js";

/**
 * How to open a connection of one's own to the database a postgres.js pool connects to: the plain values of its
 * options (they cross to worker threads), named `applicationName` in `pg_stat_activity`.
 */
export type OwnConnection = Pick<postgres.Options<Record<string, never>>, "host" | "port" | "path" | "database" | "user" | "pass" | "ssl" | "connection">;

export function ownConnectionOf(client: postgres.Sql, applicationName: string): OwnConnection {
  const options = client.options;
  return {
    // Parsed into one entry per host; the options take them comma-separated.
    host: options.host.join(","),
    port: options.port[0],
    path: options.path,
    database: options.database,
    user: options.user,
    pass: typeof options.pass === "string" ? options.pass : undefined,
    ssl: options.ssl,
    connection: { ...options.connection, application_name: applicationName },
  };
}

/** The postgres.js pool under a Drizzle database, or undefined on the embedded database. */
export function postgresClientOf(db: Database): postgres.Sql | undefined {
  const client: unknown = "$client" in db ? db.$client : undefined;
  const isPostgresJs = typeof client === "function" && typeof (client as { reserve?: unknown }).reserve === "function";
  return isPostgresJs ? (client as postgres.Sql) : undefined;
}
