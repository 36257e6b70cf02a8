import type { FastifyReply, FastifyRequest } from "fastify";
import { GraphQLError } from "graphql";
import { rateLimitHeaders } from "../../modules/rate-limit/rate-limiter.js";
import type { RequestContext } from "../../modules/request-context.js";
import type { Edge } from "../edge.js";

/**
 * Builds the context of one GraphQL request through the edge: 401 UNAUTHENTICATED when the bearer token is
 * missing, unknown or revoked, 429 RATE_LIMITED (with `RateLimit-*` and `Retry-After` headers) past the plan's
 * allowance; otherwise the caller's context with fresh loaders bound to its contract.
 */
export function graphqlContext(edge: Edge) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<RequestContext> => {
    const admission = await edge.admit(request.headers.authorization);
    // Headers go on the reply directly: Apollo keeps them and adds its own.
    if (admission.ok) {
      if (admission.rate) reply.headers(rateLimitHeaders(admission.rate));
      return edge.contextOf(admission.viewer, request.id, request.log);
    }
    if (admission.reason === "rate-limited") {
      reply.headers(rateLimitHeaders(admission.rate));
      throw new GraphQLError(`Rate limit exceeded: retry in ${admission.rate.resetSeconds} s.`, {
        extensions: { code: "RATE_LIMITED", http: { status: 429 } },
      });
    }
    reply.header("www-authenticate", "Bearer");
    throw new GraphQLError("Unauthenticated.", { extensions: { code: "UNAUTHENTICATED", http: { status: 401 } } });
  };
}

/**
 * The context function, building each request's context once: when the direct answer of a known operation
 * (direct-answer.ts) leaves a request to Apollo, Apollo gets the same context (or the same refusal), so no
 * request is authenticated twice or counted twice against its rate limit.
 */
export function oncePerRequest(
  build: (request: FastifyRequest, reply: FastifyReply) => Promise<RequestContext>,
): (request: FastifyRequest, reply: FastifyReply) => Promise<RequestContext> {
  const built = new WeakMap<FastifyRequest, Promise<RequestContext>>();
  return (request, reply) => {
    let context = built.get(request);
    if (!context) {
      context = build(request, reply);
      built.set(request, context);
    }
    return context;
  };
}
