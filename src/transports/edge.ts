/**
 * The edge: the one place where a request becomes a caller. Every transport (GraphQL over HTTP and its direct
 * answers, REST v1, the webhook API, the admin API, websocket connections) identifies the token, checks a scope
 * and counts the request against the token's plan here, and builds the request context it hands to the modules
 * here. A transport only says how a refusal looks in its own protocol (a GraphQL error, a v1 body, a closed
 * socket).
 */
import type { TokenScope } from "../domain/enums.js";
import { bearerToken } from "../domain/token-secret.js";
import type { Viewer } from "../modules/auth/auth.types.js";
import { type RateLimitResult, sharedRateLimiter } from "../modules/rate-limit/rate-limiter.js";
import { type ContextLogger, createRequestContext, type RequestContext } from "../modules/request-context.js";
import type { AppDeps } from "./app-deps.js";

/** Why the edge turned a request away. */
export type Refusal = { reason: "unauthenticated" } | { reason: "missing-scope"; scope: TokenScope } | { reason: "rate-limited"; rate: RateLimitResult };

/** A request let through, with its rate-limit count (absent when the request is not counted). */
export type Admitted = { ok: true; viewer: Viewer; rate: RateLimitResult | undefined };

export type Admission = Admitted | ({ ok: false } & Refusal);

export type AdmitOptions = {
  /** A scope the token must hold (admin, ingest); the read API needs none. */
  scope?: TokenScope;
  /** Whether the request counts against the plan's allowance (default: it does). */
  counted?: boolean;
};

export type Edge = {
  /** Who presents this `Authorization` value (`Bearer <token>`), or null for nobody. */
  identify(authorization: string | null | undefined): Promise<Viewer | null>;
  /** Counts one request of `viewer` against its plan's allowance. */
  count(viewer: Viewer): Promise<RateLimitResult>;
  /** The whole edge for one request: identify, check the scope, count. */
  admit(authorization: string | null | undefined, options?: AdmitOptions): Promise<Admission>;
  /** The context of an admitted caller's request: its contract, fresh loaders, and the databases it uses. */
  contextOf(viewer: Viewer, requestId: string, logger: ContextLogger): RequestContext;
};

const edges = new WeakMap<AppDeps, Edge>();

/** The edge of an app (one per set of dependencies). */
export function edgeOf(deps: Pick<AppDeps, "database" | "authenticator" | "rateLimiter">): Edge {
  const known = edges.get(deps as AppDeps);
  if (known) return known;
  const limiter = deps.rateLimiter ?? sharedRateLimiter;
  const edge: Edge = {
    identify: async (authorization) => {
      const token = bearerToken(authorization);
      return token === null ? null : deps.authenticator.authenticate(token);
    },
    count: (viewer) => limiter.consume(viewer),
    async admit(authorization, options = {}) {
      const viewer = await edge.identify(authorization);
      if (viewer === null) return { ok: false, reason: "unauthenticated" };
      if (options.scope !== undefined && !viewer.scopes.includes(options.scope)) return { ok: false, reason: "missing-scope", scope: options.scope };
      if (options.counted === false) return { ok: true, viewer, rate: undefined };
      const rate = await edge.count(viewer);
      return rate.allowed ? { ok: true, viewer, rate } : { ok: false, reason: "rate-limited", rate };
    },
    // Authentication and counting above stay on the primary: a revoked token must stop working at once, and
    // counts are written. The read path reads from a replica when there are some.
    contextOf: (viewer, requestId, logger) => createRequestContext({ db: deps.database.readDb(), primaryDb: deps.database.db, viewer, requestId, logger }),
  };
  edges.set(deps as AppDeps, edge);
  return edge;
}
