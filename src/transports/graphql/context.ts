import type { FastifyReply, FastifyRequest } from "fastify";
import { GraphQLError } from "graphql";
import type { Database } from "../../db/client.js";
import { bearerToken } from "../../domain/token-secret.js";
import type { Authenticator } from "../../modules/auth/auth.service.js";
import { consumeRateLimit, rateLimitHeaders, type RateLimiter } from "../../modules/rate-limit/rate-limiter.js";
import { createRequestContext, type RequestContext } from "../../modules/request-context.js";

export type GraphqlContextDeps = { db: Database; authenticator: Authenticator; rateLimiter?: RateLimiter };

/**
 * Builds the context of one GraphQL request: authenticates the bearer token (401 UNAUTHENTICATED when it is
 * missing, unknown or revoked), counts the request against the token's plan (429 RATE_LIMITED with
 * `RateLimit-*` and `Retry-After` headers), then gives fresh loaders bound to the caller's contract.
 */
export function graphqlContext(deps: GraphqlContextDeps) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<RequestContext> => {
    const viewer = await deps.authenticator.authenticate(bearerToken(request.headers.authorization));
    // Headers go on the reply directly: Apollo keeps them and adds its own.
    if (!viewer) {
      reply.header("www-authenticate", "Bearer");
      throw new GraphQLError("Unauthenticated.", { extensions: { code: "UNAUTHENTICATED", http: { status: 401 } } });
    }
    const rate = await consumeRateLimit(viewer, deps.rateLimiter);
    reply.headers(rateLimitHeaders(rate));
    if (!rate.allowed) {
      throw new GraphQLError(`Rate limit exceeded: retry in ${rate.resetSeconds} s.`, {
        extensions: { code: "RATE_LIMITED", http: { status: 429 } },
      });
    }
    return createRequestContext({ db: deps.db, viewer, requestId: request.id, logger: request.log });
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
