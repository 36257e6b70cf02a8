import { WEBHOOK_MESSAGES } from "./webhooks/webhook-messages.schemas.js";
import { WEBHOOK_ENDPOINTS } from "./webhooks/webhooks.endpoints.js";
import { buildOpenApiDocument } from "./openapi.js";
import { V1_ENDPOINTS } from "./routes/index.js";

const WEBHOOKS_TAG = {
  name: "webhooks",
  description:
    "Webhook management (a token with the `webhooks` scope; 403 otherwise) and the messages each kind receives " +
    "(`webhooks` section). Messages are signed the Standard Webhooks way: `webhook-id`, `webhook-timestamp` and " +
    "`webhook-signature` headers, verifiable with any Standard Webhooks library and the `whsec_` secret.",
};

/** The read API first, in the order a client meets it; webhook management last. */
const READ_TAGS = [
  { name: "account", description: "The token in use: its account, plan and data-access limits." },
  { name: "classifieds", description: "Listings as published on one portal, by id or by URL, and their property." },
  { name: "properties", description: "Real-world properties grouping the classifieds of one flat or house; search." },
];

/** The read endpoints' tag, by their first path segment. */
function readTagOf(path: string): string {
  if (path.startsWith("/classifieds")) return "classifieds";
  return path.startsWith("/properties") ? "properties" : "account";
}

/** The document served at `/public/v1/openapi.json` and committed as schema/openapi.v1.json. */
export function v1OpenApiDocument(serverUrl: string): Record<string, unknown> {
  const reads = V1_ENDPOINTS.map((endpoint) => ({ ...endpoint, tags: [readTagOf(endpoint.path)] }));
  return buildOpenApiDocument({ operations: [...reads, ...WEBHOOK_ENDPOINTS], webhooks: WEBHOOK_MESSAGES, tags: [...READ_TAGS, WEBHOOKS_TAG] }, serverUrl);
}
