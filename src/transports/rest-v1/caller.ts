import type { FastifyReply, FastifyRequest } from "fastify";
import { AppError, forbidden, unauthenticated } from "../../errors.js";
import type { Viewer } from "../../modules/auth/auth.types.js";
import { rateLimitHeaders } from "../../modules/rate-limit/rate-limiter.js";
import type { AdmitOptions, Edge } from "../edge.js";

/**
 * The REST face of the edge: the caller of a request, with its `RateLimit-*` headers set, or the error of its
 * refusal (401, 403 without the scope, 429 with `Retry-After`), which the layer's error handler renders.
 */
export async function callerOf(edge: Edge, request: FastifyRequest, reply: FastifyReply, options?: AdmitOptions): Promise<Viewer> {
  const admission = await edge.admit(request.headers.authorization, options);
  if (admission.ok) {
    if (admission.rate) reply.headers(rateLimitHeaders(admission.rate));
    return admission.viewer;
  }
  switch (admission.reason) {
    case "rate-limited":
      reply.headers(rateLimitHeaders(admission.rate));
      throw new AppError("RATE_LIMITED", `Too many requests: retry in ${admission.rate.resetSeconds} seconds.`);
    case "missing-scope":
      throw forbidden(`This token does not have the ${admission.scope} scope.`);
    default:
      throw unauthenticated();
  }
}
