import type { IncomingMessage } from "node:http";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import type { Viewer } from "../../modules/auth/auth.types.js";
import { readLines } from "../../modules/ingest/line-reader.js";
import { ingestLines, type IngestReject } from "../../modules/ingest/ingest.service.js";
import type { AppDeps } from "../app-deps.js";
import { edgeOf } from "../edge.js";

export const ADMIN_INGEST_PATH = "/admin/v1/ingest";

/** Rejects listed in a response; `rejected` in the summary always carries the full count. */
export const MAX_LISTED_REJECTS = 1_000;

const NDJSON = "application/x-ndjson";

declare module "fastify" {
  interface FastifyRequest {
    ingestViewer?: Viewer;
  }
}

/**
 * `POST /admin/v1/ingest`: collectors push NDJSON observations to the running service, with the semantics of
 * `listings ingest` (README, "Ingest format"). The body is streamed line by line into the pipeline, never
 * buffered whole, so a feed of any size can be posted. Requires a token with the `ingest` scope.
 *
 * Response 200: the ingest summary plus `rejects` (the first MAX_LISTED_REJECTS, each `{line, reason, input}`)
 * and `rejectsTruncated`. 401 without a valid token, 403 without the scope, 415 for another content type.
 */
export const adminIngestRoutes: FastifyPluginAsync<Pick<AppDeps, "database" | "authenticator">> = async (app, deps) => {
  const edge = edgeOf(deps);
  // Hand the raw request stream to the handler instead of parsing (and buffering) the body.
  app.addContentTypeParser(NDJSON, (_request: FastifyRequest, payload: IncomingMessage, done: (error: null, body: IncomingMessage) => void) => {
    done(null, payload);
  });

  app.post(ADMIN_INGEST_PATH, {
    // Checked before the body is read, so that an unauthorised upload is refused at once.
    onRequest: async (request: FastifyRequest, reply: FastifyReply) => {
      // Collectors' uploads are not counted against a plan.
      const admission = await edge.admit(request.headers.authorization, { scope: "ingest", counted: false });
      if (!admission.ok) {
        return admission.reason === "missing-scope"
          ? reply.code(403).header("connection", "close").send({ message: "This token does not have the ingest scope." })
          : reply.code(401).header("connection", "close").send({ message: "Unauthenticated." });
      }
      const type = request.headers["content-type"]?.split(";")[0]?.trim().toLowerCase();
      if (type !== NDJSON) {
        return reply
          .code(415)
          .header("connection", "close")
          .send({ message: `Content-Type must be ${NDJSON}: one JSON observation per line.` });
      }
      request.ingestViewer = admission.viewer;
      return undefined;
    },
    handler: async (request, reply) => {
      const body = request.body;
      const rejects: IngestReject[] = [];
      const summary = await ingestLines(deps.database.db, readLines(isReadable(body) ? body : []), {
        onReject: (reject) => {
          if (rejects.length < MAX_LISTED_REJECTS) rejects.push(reject);
        },
      });
      request.log.info({ summary, account: request.ingestViewer?.accountId }, "ingest pushed");
      return reply.send({ ...summary, rejects, rejectsTruncated: summary.rejected > rejects.length });
    },
  });
};

function isReadable(body: unknown): body is AsyncIterable<Buffer> {
  return typeof body === "object" && body !== null && Symbol.asyncIterator in body;
}
