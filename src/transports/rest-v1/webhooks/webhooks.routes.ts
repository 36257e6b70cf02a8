import type { FastifyInstance } from "fastify";
import type { z } from "zod";
import { installV1ErrorHandlers, parseOrFail } from "../errors.js";
import { registerMethodNotAllowed } from "../method-not-allowed.js";
import type { AppDeps } from "../../app-deps.js";
import { edgeOf } from "../../edge.js";
import { callerOf } from "../caller.js";
import type { DocumentedOperation } from "../openapi.js";
import type { Viewer } from "../../../modules/auth/auth.types.js";
import { WebhookSender } from "../../../modules/webhooks/webhook-sender.js";
import { configureWebhookServices } from "../../../modules/webhooks/webhook-settings.js";
import { testWebhook, type WebhookTestDeps } from "../../../modules/webhooks/webhook-test.service.js";
import { deliveryView, exportView, webhookView } from "../../../modules/webhooks/webhook-views.js";
import {
  createWebhook,
  deleteWebhook,
  getWebhook,
  listWebhooks,
  replayWebhook,
  requireWebhookScope,
  rotateSecret,
  updateWebhook,
  webhookDeliveries,
  webhookExports,
} from "../../../modules/webhooks/webhooks.service.js";
import {
  createWebhookOperation,
  deleteWebhookOperation,
  getWebhookOperation,
  listWebhooksOperation,
  replayWebhookOperation,
  rotateWebhookSecretOperation,
  testWebhookOperation,
  updateWebhookOperation,
  webhookDeliveriesOperation,
  webhookExportsOperation,
  WEBHOOK_OPERATIONS,
} from "./webhooks.operations.js";

/** The parsed output of an operation's schema, or undefined when it has none. */
type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;
type InputOf<O extends DocumentedOperation> = { params: Parsed<O["params"]>; query: Parsed<O["query"]>; body: Parsed<O["body"]> };
// biome-ignore lint/suspicious/noConfusingVoidType: an operation without a response body has a handler that returns nothing.
type ResultOf<O extends DocumentedOperation> = O["response"] extends z.ZodType ? z.output<O["response"]> : void;
type Handler<O extends DocumentedOperation> = (viewer: Viewer, input: InputOf<O>) => Promise<ResultOf<O>>;

/** Where the operations live; their paths are relative to `/public/v1` and start with `/webhooks`. */
const PREFIX = "/public/v1";
const SCOPE_PATH = "/webhooks";

/** `/webhooks/{id}/test` → `/:id/test` inside the `/public/v1/webhooks` scope (`/` for the collection). */
function scopedUrl(operation: DocumentedOperation): string {
  if (!operation.path.startsWith(SCOPE_PATH)) throw new Error(`${operation.operationId}: not under ${SCOPE_PATH}`);
  return scopedPath(operation.path);
}

function scopedPath(path: string): string {
  return path.slice(SCOPE_PATH.length).replace(/\{(\w+)\}/g, ":$1") || "/";
}

/**
 * Webhook management over REST, under `/public/v1/webhooks`, for tokens with the `webhooks` scope; errors in
 * the v1 shapes (401, 403, 404, 422, 429). Serves exactly the operations of webhooks.operations.ts, which the
 * OpenAPI document lists. Create and rotate-secret return the signing secret, once.
 */
export async function webhooksHttpPlugin(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const sender = new WebhookSender({ timeoutMs: deps.env.WEBHOOK_TIMEOUT_MS, allowPrivateNetworks: deps.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS });
  app.addHook("onClose", async () => sender.close());
  const services: WebhookTestDeps = {
    db: deps.database.db,
    allowPrivateNetworks: deps.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS,
    secretOverlapMs: deps.env.WEBHOOK_SECRET_OVERLAP_MS,
    sender,
    timeoutMs: deps.env.WEBHOOK_TIMEOUT_MS,
    logger: deps.logger,
  };
  configureWebhookServices(deps.database.db, services);

  const edge = edgeOf(deps);

  await app.register(
    async (scope) => {
      installV1ErrorHandlers(scope);

      /**
       * Serves `operation` with its own method, path and schemas (those the OpenAPI document shows): 401, 429,
       * 403 without the scope, then 422 when the params, query or body do not parse.
       */
      function serve<O extends DocumentedOperation>(operation: O, handle: Handler<O>): void {
        scope.route({
          method: operation.method,
          url: scopedUrl(operation),
          async handler(request, reply) {
            const viewer = await callerOf(edge, request, reply);
            requireWebhookScope(viewer);
            const parse = (schema: z.ZodType | undefined, value: unknown) => (schema ? parseOrFail(schema, value) : undefined);
            const body = operation.body && operation.bodyRequired === false ? (request.body ?? {}) : request.body;
            // The schemas are the operation's own: what they parse is exactly `InputOf<O>`, which TypeScript
            // cannot follow through the optional members of the generic.
            const input = {
              params: parse(operation.params, request.params),
              query: parse(operation.query, request.query),
              body: parse(operation.body, body),
            } as InputOf<O>;
            const result = await handle(viewer, input);
            reply.code(operation.successStatus ?? 200);
            return operation.response ? reply.send(result) : reply.send();
          },
        });
      }

      serve(createWebhookOperation, async (viewer, { body }) => {
        const { webhook, secret } = await createWebhook(services, viewer, body);
        return { webhook: webhookView(webhook), secret };
      });
      serve(listWebhooksOperation, async (viewer) => ({ webhooks: (await listWebhooks(services, viewer)).map(webhookView) }));
      serve(getWebhookOperation, async (viewer, { params }) => ({ webhook: webhookView(await getWebhook(services, viewer, params.id)) }));
      serve(updateWebhookOperation, async (viewer, { params, body }) => ({
        webhook: webhookView(await updateWebhook(services, viewer, params.id, body)),
      }));
      serve(deleteWebhookOperation, async (viewer, { params }) => {
        await deleteWebhook(services, viewer, params.id);
      });
      serve(webhookDeliveriesOperation, async (viewer, { params, query }) => {
        const rows = await webhookDeliveries(services, viewer, params.id, query);
        const last = rows.at(-1);
        return { deliveries: rows.map(deliveryView), nextBefore: rows.length === query.limit && last ? last.seq.toString() : null };
      });
      serve(webhookExportsOperation, async (viewer, { params }) => ({
        exports: (await webhookExports(services, viewer, params.id)).map(exportView),
      }));
      serve(replayWebhookOperation, async (viewer, { params, body }) => {
        const result = await replayWebhook(services, viewer, params.id, {
          after: body.after,
          since: body.since === undefined ? undefined : new Date(body.since),
        });
        return { webhook: webhookView(result.webhook), cursor: result.cursor, exportId: result.exportId };
      });
      serve(testWebhookOperation, async (viewer, { params }) => ({ delivery: deliveryView(await testWebhook(services, viewer, params.id)) }));
      serve(rotateWebhookSecretOperation, async (viewer, { params }) => {
        const { webhook, secret } = await rotateSecret(services, viewer, params.id);
        return { webhook: webhookView(webhook), secret };
      });
      registerMethodNotAllowed(scope, WEBHOOK_OPERATIONS, scopedPath);
    },
    { prefix: `${PREFIX}${SCOPE_PATH}` },
  );
}
