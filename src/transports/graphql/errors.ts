import { GraphQLError, type GraphQLFormattedError } from "graphql";
import { unwrapResolverError } from "@apollo/server/errors";
import { isDatabaseUnavailable } from "../../db/availability.js";
import { AppError } from "../../errors.js";

/** `extensions.code` of errors the server did not anticipate; their details stay in the log. */
export const INTERNAL_ERROR_CODE = "INTERNAL_SERVER_ERROR";

/** `extensions.code` while the database cannot answer; the response is a 503 with `Retry-After` too. */
export const SERVICE_UNAVAILABLE_CODE = "SERVICE_UNAVAILABLE";

/**
 * What a client sees of an error: AppErrors keep their message and stable code (plus per-field problems);
 * GraphQL's own errors (syntax, validation, variables) keep theirs; anything else, such as a database error,
 * becomes a bare internal error. Never a stack trace or SQL.
 */
export function formatGraphqlError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError {
  const original = appErrorIn(error) ?? unwrapResolverError(error);
  const where = { ...(formatted.path ? { path: formatted.path } : {}), ...(formatted.locations ? { locations: formatted.locations } : {}) };
  if (original instanceof AppError) {
    return {
      message: original.message,
      ...where,
      extensions: { code: original.code, ...(original.fieldErrors ? { fieldErrors: original.fieldErrors } : {}) },
    };
  }
  if (isDatabaseUnavailable(original) || isDatabaseUnavailable(error)) {
    return { message: "The database is unavailable; retry in a few seconds.", ...where, extensions: { code: SERVICE_UNAVAILABLE_CODE } };
  }
  const code = formatted.extensions?.["code"];
  // Apollo Server's own request errors (a persisted query whose hash does not match, an unknown persisted
  // query version) carry an HTTP 4xx status but no client code: they are the client's mistake.
  if (code === INTERNAL_ERROR_CODE && original === error && clientStatusOf(error) !== null) {
    return { message: formatted.message, ...where, extensions: { code: "BAD_REQUEST" } };
  }
  if (original === error && typeof code === "string" && code !== INTERNAL_ERROR_CODE) {
    // A GraphQLError raised by GraphQL itself or by our own checks: its message is meant for the client.
    const { stacktrace: _stacktrace, ...extensions } = formatted.extensions ?? {};
    // No schema discovery through error messages: GraphQL's "Did you mean ...?" hints are dropped.
    const message = formatted.message.replace(/ ?Did you mean [^?]*\?/g, "");
    return { message, ...where, extensions: { ...extensions, code } };
  }
  return { message: "Internal server error.", ...where, extensions: { code: INTERNAL_ERROR_CODE } };
}

/** The HTTP status in 400..499 a GraphQLError asks for (`extensions.http.status`), or null. */
function clientStatusOf(error: unknown): number | null {
  if (!(error instanceof GraphQLError)) return null;
  const http: unknown = error.extensions["http"];
  const status = typeof http === "object" && http !== null && "status" in http ? http.status : undefined;
  return typeof status === "number" && status >= 400 && status < 500 ? status : null;
}

/** The AppError a resolver threw, however many times execution wrapped it. */
function appErrorIn(error: unknown): AppError | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth += 1) {
    if (current instanceof AppError) return current;
    current = "originalError" in current ? current.originalError : undefined;
  }
  return undefined;
}
