/**
 * Whether an error means "the database cannot answer now" (down, restarting, unreachable, out of connections,
 * or a statement cut by its timeout) rather than "this request is wrong" or a bug. Callers answer 503 with
 * Retry-After for these: the client should try again, and the gateway reconnects by itself.
 */

/** postgres.js and Node socket error codes of a connection that could not be made or was lost. */
const CONNECTION_CODES: ReadonlySet<string> = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EPIPE",
  "CONNECT_TIMEOUT",
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
]);

/**
 * SQLSTATEs: 08 connection exceptions; 57P01-57P03 shutting down or starting; 53300 too many connections; 57014
 * statement timeout; 40001 and 40P01, with which a read replica cancels a query that conflicts with the changes
 * it replays (the same query succeeds when tried again).
 */
function isUnavailableState(code: string): boolean {
  return (
    code.startsWith("08") ||
    code === "57P01" ||
    code === "57P02" ||
    code === "57P03" ||
    code === "53300" ||
    code === "57014" ||
    code === "40001" ||
    code === "40P01"
  );
}

/** Seconds a client should wait before retrying after a 503. */
export const RETRY_AFTER_SECONDS = 5;

export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 6 && typeof current === "object" && current !== null; depth += 1) {
    const code: unknown = "code" in current ? current.code : undefined;
    if (typeof code === "string" && (CONNECTION_CODES.has(code) || (/^[0-9A-Z]{5}$/.test(code) && isUnavailableState(code)))) return true;
    if (current instanceof AggregateError && current.errors.some(isDatabaseUnavailable)) return true;
    current = "cause" in current ? current.cause : "originalError" in current ? current.originalError : undefined;
  }
  return false;
}
