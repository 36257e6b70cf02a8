import type { FastifyInstance } from "fastify";
import { sendError } from "./errors.js";

/** Methods answered with 405 on a known path (with `Allow`) instead of a 404. */
const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;

/**
 * Every other method on a path the scope serves answers 405 `{"message":"Method not allowed."}` with the
 * methods it allows in `Allow`. `urlOf` turns an operation's path into the scope's route URL.
 */
export function registerMethodNotAllowed(
  scope: FastifyInstance,
  operations: ReadonlyArray<{ method: string; path: string }>,
  urlOf: (path: string) => string,
): void {
  const allowedByUrl = new Map<string, Set<string>>();
  for (const operation of operations) {
    const url = urlOf(operation.path);
    const allowed = allowedByUrl.get(url) ?? new Set<string>();
    allowed.add(operation.method);
    if (operation.method === "GET") allowed.add("HEAD");
    allowedByUrl.set(url, allowed);
  }
  for (const [url, allowed] of allowedByUrl) {
    const allow = [...allowed].join(", ");
    scope.route({
      method: METHODS.filter((method) => !allowed.has(method)),
      url,
      handler: (_request, reply) => sendError(reply.header("Allow", allow), 405, { message: "Method not allowed." }),
    });
  }
}
