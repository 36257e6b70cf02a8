/**
 * The errors the service shows to callers, each with a stable code. GraphQL maps the code to
 * `extensions.code`, REST v1 to a status and the v1 body. Anything else that escapes is a server error whose
 * details stay in the log.
 */
export type ErrorCode =
  | "UNAUTHENTICATED"
  | "FORBIDDEN"
  | "NOT_FOUND"
  | "BAD_USER_INPUT"
  | "DATA_ACCESS_NOT_CONFIGURED"
  | "RATE_LIMITED"
  | "QUERY_TOO_COMPLEX"
  | "CURSOR_EXPIRED";

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** Per-field problems, for validation errors (`{ "page": ["must be at most 500"] }`). */
    readonly fieldErrors?: Record<string, string[]>,
  ) {
    super(message);
    this.name = "AppError";
  }
}

export const unauthenticated = () => new AppError("UNAUTHENTICATED", "Unauthenticated.");
export const forbidden = (message: string) => new AppError("FORBIDDEN", message);
export const notFound = (what: string) => new AppError("NOT_FOUND", `${what} not found.`);
export const badInput = (message: string, fieldErrors?: Record<string, string[]>) => new AppError("BAD_USER_INPUT", message, fieldErrors);
