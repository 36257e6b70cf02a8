import { readFileSync } from "node:fs";
import path from "node:path";

/**
 * The statement of a migration (drizzle/`file`) that holds `marker`: the backfill tests run a migration's own
 * SQL again on rows the ingest wrote, to check that it reads what the ingest reads.
 */
export function migrationStatement(file: string, marker: string): string {
  const statements = readFileSync(path.join(import.meta.dirname, "../../drizzle", file), "utf8").split("--> statement-breakpoint");
  const statement = statements.find((candidate) => candidate.includes(marker));
  if (statement === undefined) throw new Error(`no statement of drizzle/${file} holds ${marker}`);
  return statement;
}
