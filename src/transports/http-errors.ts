import type { FastifyInstance } from "fastify";
import type { FastifyReply, FastifyRequest } from "fastify";
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from "../db/availability.js";
import { AppError, type ErrorCode } from "../errors.js";

/** HTTP status of each application error code. Layers with their own body shapes (REST v1) reuse it. */
export const STATUS_OF_ERROR_CODE: Readonly<Record<ErrorCode, number>> = {
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  BAD_USER_INPUT: 422,
  DATA_ACCESS_NOT_CONFIGURED: 409,
  RATE_LIMITED: 429,
  QUERY_TOO_COMPLEX: 400,
  CURSOR_EXPIRED: 410,
};

/** Fastify's own client errors (malformed JSON, unsupported media type, body too large) carry a 4xx status. */
function clientErrorStatus(error: unknown): number | undefined {
  if (typeof error !== "object" || error === null || !("statusCode" in error)) return undefined;
  const status = error.statusCode;
  return typeof status === "number" && status >= 400 && status < 500 ? status : undefined;
}

/**
 * The app-wide error and not-found handlers. Clients get `{"message": ...}` and a status that says what went
 * wrong; anything unexpected becomes 500 `{"message": "Server error."}` and is logged with the request id.
 * Stack traces never reach a client. Layers may override these inside their own plugin scope.
 */
export function installErrorHandlers(app: FastifyInstance): void {
  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ message: "Not found." }));

  app.setErrorHandler((error: unknown, request, reply) => {
    if (error instanceof AppError) {
      const body = error.fieldErrors ? { message: error.message, errors: error.fieldErrors } : { message: error.message };
      return reply.code(STATUS_OF_ERROR_CODE[error.code]).send(body);
    }
    if (isDatabaseUnavailable(error)) return databaseUnavailable(request, reply, error);
    const status = clientErrorStatus(error);
    if (status !== undefined) {
      request.log.info({ err: error }, "client error");
      const message = error instanceof Error && error.message ? error.message : "Bad request.";
      return reply.code(status).send({ message });
    }
    request.log.error({ err: error }, "request failed");
    return reply.code(500).send({ message: "Server error." });
  });
}

/** The answer to any request while the database is unavailable: 503, `Retry-After`, a message, no details. */
export function databaseUnavailable(request: FastifyRequest, reply: FastifyReply, error: unknown) {
  request.log.warn({ err: error }, "database unavailable");
  return reply.code(503).header("retry-after", String(RETRY_AFTER_SECONDS)).send({ message: "The database is unavailable; retry in a few seconds." });
}
