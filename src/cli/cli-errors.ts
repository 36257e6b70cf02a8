import { CommanderError } from "commander";
import { EnvError } from "../config/env.js";
import { DataDirInUseError } from "../db/data-dir-lock.js";
import { AppError } from "../errors.js";

/**
 * Exit codes of every `listings` command: 0 success; 1 bad arguments, bad environment or a failure;
 * 2 the command ran but some input lines were rejected (ingest, seed).
 */
export const EXIT_OK = 0;
export const EXIT_FAILURE = 1;
export const EXIT_REJECTS = 2;

/** An error meant for the person at the terminal: its message is shown as is, without a stack. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: number = EXIT_FAILURE,
  ) {
    super(message);
    this.name = "CliError";
  }
}

/** Network errors that mean "the database is not there", with what to check. */
const CONNECTION_CODES = new Set(["ECONNREFUSED", "ENOTFOUND", "EHOSTUNREACH", "ETIMEDOUT", "ECONNRESET"]);

/**
 * PostgreSQL refusing the connection itself: connection exceptions (class 08), bad credentials (28), unknown
 * database (3D000), server starting or shutting down (57P03).
 */
function isConnectionRefusal(code: string): boolean {
  return code.startsWith("08") || code.startsWith("28") || code === "3D000" || code === "57P03";
}

function errorCode(error: unknown): string | undefined {
  if (typeof error !== "object" || error === null || !("code" in error)) return undefined;
  return typeof error.code === "string" ? error.code : undefined;
}

/**
 * Prints what went wrong on stderr, in words, and returns the exit code. Commander has already printed its
 * own usage errors (unknown option, missing argument) with a hint to --help.
 */
export function reportError(error: unknown, write: (text: string) => void = (text) => process.stderr.write(text)): number {
  if (error instanceof CommanderError) return error.exitCode;
  if (error instanceof EnvError) {
    write(`${error.message}\nEvery variable is described in README.md, section "Configuration".\n`);
    return EXIT_FAILURE;
  }
  if (error instanceof CliError || error instanceof DataDirInUseError || error instanceof AppError) {
    write(`error: ${error.message}\n`);
    return error instanceof CliError ? error.exitCode : EXIT_FAILURE;
  }
  const code = errorCode(error);
  const message = error instanceof Error ? error.message : String(error);
  if (code !== undefined && CONNECTION_CODES.has(code)) {
    write(`error: cannot reach the database (${message}). Check DATABASE_URL and that the server is running.\n`);
    return EXIT_FAILURE;
  }
  if (code !== undefined && /^[0-9A-Z]{5}$/.test(code) && isConnectionRefusal(code)) {
    write(`error: the database refused the connection (${message}). Check DATABASE_URL.\n`);
    return EXIT_FAILURE;
  }
  write(`error: ${message}\n`);
  if (error instanceof Error && error.stack) write(`${error.stack.split("\n").slice(1).join("\n")}\n`);
  return EXIT_FAILURE;
}
