import { WEBHOOK_MESSAGES } from "../../modules/webhooks/webhook-messages.schemas.js";
import { WEBHOOK_OPERATIONS } from "../../modules/webhooks/webhooks.operations.js";
import { buildOpenApiDocument } from "./openapi.js";
import { V1_ENDPOINTS } from "./routes/index.js";

const WEBHOOKS_TAG = {
  name: "webhooks",
  description:
    "Webhook management (a token with the `webhooks` scope; 403 otherwise) and the messages each kind receives " +
    "(`webhooks` section). Messages are signed the Standard Webhooks way: `webhook-id`, `webhook-timestamp` and " +
    "`webhook-signature` headers, verifiable with any Standard Webhooks library and the `whsec_` secret.",
};

/** The document served at `/public/v1/openapi.json` and committed as schema/openapi.v1.json. */
export function v1OpenApiDocument(serverUrl: string): Record<string, unknown> {
  return buildOpenApiDocument({ operations: [...V1_ENDPOINTS, ...WEBHOOK_OPERATIONS], webhooks: WEBHOOK_MESSAGES, tags: [WEBHOOKS_TAG] }, serverUrl);
}
