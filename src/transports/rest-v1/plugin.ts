import scalarApiReference from "@scalar/fastify-api-reference";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { AppError, unauthenticated } from "../../errors.js";
import type { Authenticator } from "../../modules/auth/auth.service.js";
import type { Viewer } from "../../modules/auth/auth.types.js";
import { consumeRateLimit, rateLimitHeaders, sharedRateLimiter, type RateLimiter } from "../../modules/rate-limit/rate-limiter.js";
import { createRequestContext } from "../../modules/request-context.js";
import type { AppDeps, AppPlugin } from "../app-deps.js";
import type { Endpoint } from "./endpoint.js";
import { installV1ErrorHandlers } from "./errors.js";
import { registerMethodNotAllowed } from "./method-not-allowed.js";
import { v1OpenApiDocument } from "./openapi-document.js";
import { V1_ENDPOINTS } from "./routes/index.js";

/** Where the v1 API lives; legacy clients have this prefix in their base URL. */
export const V1_PREFIX = "/public/v1";
/** The human documentation page. */
export const DOCS_PATH = "/docs";

const BEARER = /^Bearer[ \t]+([^\s]+)[ \t]*$/i;

/** The viewer of a request's `Authorization: Bearer <token>`; 401 when missing, malformed, unknown or revoked. */
async function authenticate(authenticator: Authenticator, request: FastifyRequest): Promise<Viewer> {
  const header = request.headers.authorization;
  const secret = header === undefined ? null : (BEARER.exec(header)?.[1] ?? null);
  const viewer = await authenticator.authenticate(secret);
  if (viewer === null) throw unauthenticated();
  return viewer;
}

function toFastifyPath(openApiPath: string): string {
  return openApiPath.replace(/\{(\w+)\}/g, ":$1");
}

type Options = { limiter: RateLimiter };

function registerEndpoint(v1: FastifyInstance, deps: AppDeps, options: Options, endpoint: Endpoint): void {
  v1.route({
    method: endpoint.method,
    url: toFastifyPath(endpoint.path),
    async handler(request, reply: FastifyReply) {
      const viewer = await authenticate(deps.authenticator, request);
      const limit = await consumeRateLimit(viewer, deps.rateLimiter ?? options.limiter);
      reply.headers(rateLimitHeaders(limit));
      if (!limit.allowed) {
        throw new AppError("RATE_LIMITED", `Too many requests: retry in ${limit.resetSeconds} seconds.`);
      }
      const ctx = createRequestContext({ db: deps.database.db, viewer, requestId: request.id, logger: request.log });
      return endpoint.run(ctx, { params: request.params, query: request.query, body: request.body });
    },
  });
}

/**
 * The REST v1 layer: the published `/public/v1` paths over the shared read path, the OpenAPI document at
 * `/public/v1/openapi.json` and the documentation page at `/docs` (served entirely from this process).
 * `limiter` is the per-process rate limiter GraphQL shares; tests may pass their own.
 */
export function createRestV1Plugin(options: Partial<Options> = {}): AppPlugin {
  const resolved: Options = { limiter: options.limiter ?? sharedRateLimiter };
  return async (app, deps) => {
    const document = v1OpenApiDocument(V1_PREFIX);
    await app.register(
      async (v1) => {
        installV1ErrorHandlers(v1);
        for (const endpoint of V1_ENDPOINTS) registerEndpoint(v1, deps, resolved, endpoint);
        registerMethodNotAllowed(v1, V1_ENDPOINTS, toFastifyPath);
        v1.get("/openapi.json", async () => document);
      },
      { prefix: V1_PREFIX },
    );
    await app.register(scalarApiReference, {
      routePrefix: DOCS_PATH,
      configuration: {
        content: () => document,
        pageTitle: "Listings Gateway REST API v1",
        // Everything the page needs comes from this process: no web fonts, no hosted services.
        withDefaultFonts: false,
        hideClientButton: true,
        telemetry: false,
        // Buttons of the hosted service (Ask AI, MCP, deploy, share, developer tools) cannot work here.
        showDeveloperTools: "never",
        mcp: { disabled: true },
      },
    });
  };
}

/** The REST v1 layer with the shared rate limiter: `await app.register(restV1Plugin, deps)`. */
export const restV1Plugin: AppPlugin = createRestV1Plugin();
