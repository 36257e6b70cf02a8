import scalarApiReference from "@scalar/fastify-api-reference";
import type { AppPlugin } from "../app-deps.js";
import { edgeOf } from "../edge.js";
import { registerEndpoints, toFastifyPath } from "./endpoint.js";
import { installV1ErrorHandlers } from "./errors.js";
import { v1OpenApiDocument } from "./openapi-document.js";
import { V1_ENDPOINTS } from "./routes/index.js";

/** Where the v1 API lives; legacy clients have this prefix in their base URL. */
export const V1_PREFIX = "/public/v1";
/** The human documentation page. */
export const DOCS_PATH = "/docs";

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
      registerEndpoints(v1, edge, V1_ENDPOINTS, undefined, toFastifyPath);
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
