import scalarApiReference from "@scalar/fastify-api-reference";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { AppPlugin } from "../app-deps.js";
import { type Edge, edgeOf } from "../edge.js";
import { callerOf } from "./caller.js";
import type { Endpoint } from "./endpoint.js";
import { installV1ErrorHandlers } from "./errors.js";
import { registerMethodNotAllowed } from "./method-not-allowed.js";
import { v1OpenApiDocument } from "./openapi-document.js";
import { V1_ENDPOINTS } from "./routes/index.js";

/** Where the v1 API lives; legacy clients have this prefix in their base URL. */
export const V1_PREFIX = "/public/v1";
/** The human documentation page. */
export const DOCS_PATH = "/docs";

function toFastifyPath(openApiPath: string): string {
  return openApiPath.replace(/\{(\w+)\}/g, ":$1");
}

function registerEndpoint(v1: FastifyInstance, edge: Edge, endpoint: Endpoint): void {
  v1.route({
    method: endpoint.method,
    url: toFastifyPath(endpoint.path),
    async handler(request, reply: FastifyReply) {
      const viewer = await callerOf(edge, request, reply);
      const ctx = edge.contextOf(viewer, request.id, request.log);
      return endpoint.run(ctx, { params: request.params, query: request.query, body: request.body });
    },
  });
}

/**
 * The REST v1 layer: the published `/public/v1` paths over the shared read path, the OpenAPI document at
 * `/public/v1/openapi.json` and the documentation page at `/docs` (served entirely from this process).
 * Requests are admitted by the edge (edge.ts), as every other transport's.
 */
export const restV1Plugin: AppPlugin = async (app, deps) => {
  const edge = edgeOf(deps);
  const document = v1OpenApiDocument(V1_PREFIX);
  await app.register(
    async (v1) => {
      installV1ErrorHandlers(v1);
      for (const endpoint of V1_ENDPOINTS) registerEndpoint(v1, edge, endpoint);
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
      // Buttons of the hosted service (Ask AI, developer tools) cannot work here.
      showDeveloperTools: "never",
      agent: { disabled: true },
    },
  });
};
