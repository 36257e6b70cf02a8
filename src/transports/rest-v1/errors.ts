import type { FastifyError, FastifyInstance, FastifyReply } from "fastify";
import type { z } from "zod";
import { AppError, badInput } from "../../errors.js";
import { isDatabaseUnavailable } from "../../db/availability.js";
import { databaseUnavailable, STATUS_OF_ERROR_CODE } from "../http-errors.js";

/**
 * Errors in the published v1 shapes: `{"message"}` for every status, plus `errors` per field for 422. A 401
 * carries `WWW-Authenticate: Bearer`. Anything unexpected is a 500 `{"message":"Server error."}`, logged with
 * the request id (which the response carries in its `x-request-id` header).
 */

/** A v1 422 from zod issues: one entry per field path (`locationGeoCircle.radiusMeters`), messages in order. */
export function validationFailed(error: z.ZodError): AppError {
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string) => (errors[field || "body"] ??= []).push(message);
  for (const issue of error.issues) {
    const path = issue.path.map(String).join(".");
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) add(path ? `${path}.${key}` : key, "is not a known field");
    } else if (issue.code === "invalid_type" && issue.input === undefined) {
      add(path, "is required");
    } else {
      add(path, issue.message);
    }
  }
  const fields = Object.keys(errors);
  const first = fields[0] ?? "body";
  const more = fields.length > 1 ? ` (and ${fields.length - 1} more invalid field${fields.length > 2 ? "s" : ""})` : "";
  return badInput(`${first}: ${errors[first]?.[0] ?? "is invalid"}${more}`, errors);
}

/** Parses `value` with `schema`, or throws the v1 422 that says what is wrong. */
export function parseOrFail<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value, { reportInput: true });
  if (!result.success) throw validationFailed(result.error);
  return result.data;
}

/** Sends a v1 error: 401 gets its challenge header. */
export function sendError(reply: FastifyReply, status: number, body: { message: string; errors?: Record<string, string[]> }) {
  if (status === 401) reply.header("WWW-Authenticate", "Bearer");
  return reply.code(status).send(body);
}

function isFastifyClientError(error: unknown): error is FastifyError {
  if (typeof error !== "object" || error === null || !("statusCode" in error)) return false;
  const status = error.statusCode;
  return typeof status === "number" && status >= 400 && status < 500;
}

/** Error and not-found handlers of the v1 scope. */
export function installV1ErrorHandlers(app: FastifyInstance): void {
  app.setNotFoundHandler((_request, reply) => sendError(reply, 404, { message: "Not found." }));

  app.setErrorHandler((error: unknown, request, reply) => {
    if (error instanceof AppError) {
      const status = STATUS_OF_ERROR_CODE[error.code];
      return sendError(reply, status, error.fieldErrors ? { message: error.message, errors: error.fieldErrors } : { message: error.message });
    }
    if (isDatabaseUnavailable(error)) return databaseUnavailable(request, reply, error);
    if (isFastifyClientError(error)) {
      // Malformed JSON, wrong content type, body too large: Fastify's message says which.
      request.log.info({ err: error }, "client error");
      return sendError(reply, error.statusCode ?? 400, { message: error.message || "Bad request." });
    }
    request.log.error({ err: error }, "request failed");
    return sendError(reply, 500, { message: "Server error." });
  });
}
