import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { bearerToken } from "../../domain/token-secret.js";
import { AppError, unauthenticated } from "../../errors.js";
import { installV1ErrorHandlers, parseOrFail } from "../../transports/rest-v1/errors.js";
import type { AppDeps } from "../../transports/http.js";
import type { Viewer } from "../auth/auth.types.js";
import { consumeRateLimit, rateLimitHeaders } from "../rate-limit/rate-limiter.js";
import { DELIVERY_STATUSES } from "./webhook-kinds.js";
import { WebhookSender } from "./webhook-sender.js";
import { configureWebhookServices } from "./webhook-settings.js";
import { testWebhook, type WebhookTestDeps } from "./webhook-test.service.js";
import { deliveryView, exportView, webhookView } from "./webhook-views.js";
import {
  createWebhook,
  deleteWebhook,
  getWebhook,
  listWebhooks,
  replayWebhook,
  rotateSecret,
  updateWebhook,
  webhookDeliveries,
  webhookExports,
} from "./webhooks.service.js";

const values = z.array(z.string().max(253)).max(1_000);
const filterSchema = z
  .object({
    transactionTypes: values.optional(),
    propertyTypes: values.optional(),
    sourceDomains: values.optional(),
    departments: values.optional(),
    sirens: values.optional(),
    sirets: values.optional(),
  })
  .strict();

const createBody = z
  .object({ kind: z.string(), url: z.string(), description: z.string().nullish(), filter: filterSchema.nullish() })
  .strict();
const updateBody = z
  .object({ url: z.string().optional(), description: z.string().nullish(), filter: filterSchema.nullish(), enabled: z.boolean().optional() })
  .strict();
const idParams = z.object({ id: z.string() });
const deliveriesQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  before: z.string().optional(),
  status: z.enum(DELIVERY_STATUSES).optional(),
});
const replayBody = z.object({ after: z.string().optional(), since: z.iso.datetime({ offset: true }).optional() }).strict();

/**
 * Webhook management over REST, under `/public/v1/webhooks`, for tokens with the `webhooks` scope; errors in
 * the v1 shapes (401, 403, 404, 422, 429). Create and rotate-secret return the signing secret, once.
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

  async function viewerOf(request: FastifyRequest, reply: FastifyReply): Promise<Viewer> {
    const viewer = await deps.authenticator.authenticate(bearerToken(request.headers.authorization));
    if (!viewer) throw unauthenticated();
    const limit = consumeRateLimit(viewer);
    reply.headers(rateLimitHeaders(limit));
    if (!limit.allowed) throw new AppError("RATE_LIMITED", `Too many requests: retry in ${limit.resetSeconds} seconds.`);
    return viewer;
  }

  await app.register(
    async (scope) => {
      installV1ErrorHandlers(scope);
      scope.post("/", async (request, reply) => {
        const viewer = await viewerOf(request, reply);
        const body = parseOrFail(createBody, request.body);
        const { webhook, secret } = await createWebhook(services, viewer, body);
        return reply.code(201).send({ webhook: webhookView(webhook), secret });
      });
      scope.get("/", async (request, reply) => {
        const viewer = await viewerOf(request, reply);
        return { webhooks: (await listWebhooks(services, viewer)).map(webhookView) };
      });
      scope.get("/:id", async (request, reply) => {
        const viewer = await viewerOf(request, reply);
        const { id } = parseOrFail(idParams, request.params);
        return { webhook: webhookView(await getWebhook(services, viewer, id)) };
      });
      scope.patch("/:id", async (request, reply) => {
        const viewer = await viewerOf(request, reply);
        const { id } = parseOrFail(idParams, request.params);
        return { webhook: webhookView(await updateWebhook(services, viewer, id, parseOrFail(updateBody, request.body ?? {}))) };
      });
      scope.delete("/:id", async (request, reply) => {
        const viewer = await viewerOf(request, reply);
        const { id } = parseOrFail(idParams, request.params);
        await deleteWebhook(services, viewer, id);
        return reply.code(204).send();
      });
      scope.get("/:id/deliveries", async (request, reply) => {
        const viewer = await viewerOf(request, reply);
        const { id } = parseOrFail(idParams, request.params);
        const query = parseOrFail(deliveriesQuery, request.query);
        const rows = await webhookDeliveries(services, viewer, id, query);
        const last = rows.at(-1);
        return { deliveries: rows.map(deliveryView), nextBefore: rows.length === query.limit && last ? last.seq.toString() : null };
      });
      scope.get("/:id/exports", async (request, reply) => {
        const viewer = await viewerOf(request, reply);
        const { id } = parseOrFail(idParams, request.params);
        return { exports: (await webhookExports(services, viewer, id)).map(exportView) };
      });
      scope.post("/:id/replay", async (request, reply) => {
        const viewer = await viewerOf(request, reply);
        const { id } = parseOrFail(idParams, request.params);
        const body = parseOrFail(replayBody, request.body ?? {});
        const result = await replayWebhook(services, viewer, id, {
          after: body.after,
          since: body.since === undefined ? undefined : new Date(body.since),
        });
        return reply.code(202).send({ webhook: webhookView(result.webhook), cursor: result.cursor, exportId: result.exportId });
      });
      scope.post("/:id/test", async (request, reply) => {
        const viewer = await viewerOf(request, reply);
        const { id } = parseOrFail(idParams, request.params);
        return { delivery: deliveryView(await testWebhook(services, viewer, id)) };
      });
      scope.post("/:id/rotate-secret", async (request, reply) => {
        const viewer = await viewerOf(request, reply);
        const { id } = parseOrFail(idParams, request.params);
        const { webhook, secret } = await rotateSecret(services, viewer, id);
        return { webhook: webhookView(webhook), secret };
      });
    },
    { prefix: "/public/v1/webhooks" },
  );
}
