import { defineEndpoint, type Endpoint } from "../endpoint.js";
import { testWebhook, type WebhookTestDeps } from "../../../modules/webhooks/webhook-test.service.js";
import { deliveryView, exportView, webhookView } from "../../../modules/webhooks/webhook-views.js";
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
} from "../../../modules/webhooks/webhooks.service.js";
import {
  CreateWebhookBody,
  DeliveriesQuery,
  ReplayWebhookBody,
  UpdateWebhookBody,
  WebhookDeliveriesResponse,
  WebhookExportsResponse,
  WebhookIdParams,
  WebhookListResponse,
  WebhookReplayResponse,
  WebhookResponse,
  WebhookTestResponse,
  WebhookWithSecretResponse,
} from "../../../modules/webhooks/webhooks.schemas.js";

/**
 * The webhook management operations under `/public/v1/webhooks`, served by webhooks.routes.ts and listed in the
 * OpenAPI document. Every one needs the `webhooks` scope; a webhook of another account answers 404 like an
 * unknown one.
 */

/** What the app gives these endpoints: its webhook sender and settings (webhooks.routes.ts). */
export type WebhookServices = WebhookTestDeps;

const common = { tags: ["webhooks"], requiredScope: "webhooks" } as const;

export const createWebhookEndpoint = defineEndpoint({
  ...common,
  method: "POST",
  path: "/webhooks",
  operationId: "webhooksCreate",
  summary: "Register a webhook",
  description:
    "Registers a webhook and returns it with its `whsec_` signing secret, shown this once. Notification webhooks " +
    "start with the changes that follow; a `classifieds-export` webhook starts an export of every classified in scope.",
  body: CreateWebhookBody,
  response: WebhookWithSecretResponse,
  successStatus: 201,
  canBeNotFound: false,
  async handle(ctx, { body }, services: WebhookServices) {
    const { webhook, secret } = await createWebhook(services, ctx.viewer, body);
    return { webhook: webhookView(webhook), secret };
  },
});

export const listWebhooksEndpoint = defineEndpoint({
  ...common,
  method: "GET",
  path: "/webhooks",
  operationId: "webhooksList",
  summary: "The account's webhooks",
  response: WebhookListResponse,
  canBeNotFound: false,
  async handle(ctx, _input, services: WebhookServices) {
    return { webhooks: (await listWebhooks(services, ctx.viewer)).map(webhookView) };
  },
});

export const getWebhookEndpoint = defineEndpoint({
  ...common,
  method: "GET",
  path: "/webhooks/{id}",
  operationId: "webhooksShow",
  summary: "A webhook",
  params: WebhookIdParams,
  response: WebhookResponse,
  canBeNotFound: true,
  canBeInvalid: false,
  async handle(ctx, { params }, services: WebhookServices) {
    return { webhook: webhookView(await getWebhook(services, ctx.viewer, params.id)) };
  },
});

export const updateWebhookEndpoint = defineEndpoint({
  ...common,
  method: "PATCH",
  path: "/webhooks/{id}",
  operationId: "webhooksUpdate",
  summary: "Change a webhook",
  description: "Changes the URL, description or filter; `enabled: false` disables it, `enabled: true` re-enables a disabled one.",
  params: WebhookIdParams,
  body: UpdateWebhookBody,
  bodyRequired: false,
  response: WebhookResponse,
  canBeNotFound: true,
  async handle(ctx, { params, body }, services: WebhookServices) {
    return { webhook: webhookView(await updateWebhook(services, ctx.viewer, params.id, body)) };
  },
});

export const deleteWebhookEndpoint = defineEndpoint({
  ...common,
  method: "DELETE",
  path: "/webhooks/{id}",
  operationId: "webhooksDelete",
  summary: "Delete a webhook",
  description: "Deletes the webhook; its delivery log goes with it.",
  params: WebhookIdParams,
  response: null,
  successStatus: 204,
  canBeNotFound: true,
  canBeInvalid: false,
  async handle(ctx, { params }, services: WebhookServices) {
    await deleteWebhook(services, ctx.viewer, params.id);
  },
});

export const webhookDeliveriesEndpoint = defineEndpoint({
  ...common,
  method: "GET",
  path: "/webhooks/{id}/deliveries",
  operationId: "webhooksDeliveries",
  summary: "A webhook's delivery log",
  description: "Messages newest first, with their attempts (start time, status code, error, duration); `nextBefore` pages back.",
  params: WebhookIdParams,
  query: DeliveriesQuery,
  response: WebhookDeliveriesResponse,
  canBeNotFound: true,
  async handle(ctx, { params, query }, services: WebhookServices) {
    const rows = await webhookDeliveries(services, ctx.viewer, params.id, query);
    const last = rows.at(-1);
    return { deliveries: rows.map(deliveryView), nextBefore: rows.length === query.limit && last ? last.seq.toString() : null };
  },
});

export const webhookExportsEndpoint = defineEndpoint({
  ...common,
  method: "GET",
  path: "/webhooks/{id}/exports",
  operationId: "webhooksExports",
  summary: "A webhook's export runs",
  description: "The latest 20 export runs of a `classifieds-export` webhook (none for notification kinds).",
  params: WebhookIdParams,
  response: WebhookExportsResponse,
  canBeNotFound: true,
  canBeInvalid: false,
  async handle(ctx, { params }, services: WebhookServices) {
    return { exports: (await webhookExports(services, ctx.viewer, params.id)).map(exportView) };
  },
});

export const replayWebhookEndpoint = defineEndpoint({
  ...common,
  method: "POST",
  path: "/webhooks/{id}/replay",
  operationId: "webhooksReplay",
  summary: "Send again what followed a cursor or a time",
  description:
    "A notification webhook moves its position in the event stream to `after` (a cursor) or to `since` (a time) and " +
    "sends what follows as new deliveries with new `webhook-id`s. An export webhook starts a new export of the " +
    "classifieds modified since `since` (all of them without it). A cursor or time older than the event log's " +
    "retention (EVENT_RETENTION_DAYS) is answered 410 with the way to resynchronise.",
  params: WebhookIdParams,
  body: ReplayWebhookBody,
  bodyRequired: false,
  response: WebhookReplayResponse,
  successStatus: 202,
  canBeNotFound: true,
  async handle(ctx, { params, body }, services: WebhookServices) {
    const result = await replayWebhook(services, ctx.viewer, params.id, {
      after: body.after,
      since: body.since === undefined ? undefined : new Date(body.since),
    });
    return { webhook: webhookView(result.webhook), cursor: result.cursor, exportId: result.exportId };
  },
});

export const testWebhookEndpoint = defineEndpoint({
  ...common,
  method: "POST",
  path: "/webhooks/{id}/test",
  operationId: "webhooksTest",
  summary: "Send a signed test message now",
  description:
    "Sends one signed message now and returns it with its single attempt: a real payload of the webhook's kind " +
    '(classified notifications with `type: "test"`), or `{"type":"test"}` when nothing is in scope yet. Never retried.',
  params: WebhookIdParams,
  response: WebhookTestResponse,
  canBeNotFound: true,
  canBeInvalid: false,
  async handle(ctx, { params }, services: WebhookServices) {
    return { delivery: deliveryView(await testWebhook(services, ctx.viewer, params.id)) };
  },
});

export const rotateWebhookSecretEndpoint = defineEndpoint({
  ...common,
  method: "POST",
  path: "/webhooks/{id}/rotate-secret",
  operationId: "webhooksRotateSecret",
  summary: "Rotate the signing secret",
  description:
    "Returns a new `whsec_` secret, shown this once. The previous secret keeps signing too (a second `v1,` " + "signature) until `previousSecretExpiresAt`.",
  params: WebhookIdParams,
  response: WebhookWithSecretResponse,
  canBeNotFound: true,
  canBeInvalid: false,
  async handle(ctx, { params }, services: WebhookServices) {
    const { webhook, secret } = await rotateSecret(services, ctx.viewer, params.id);
    return { webhook: webhookView(webhook), secret };
  },
});

/** Every webhook management operation, in the order of the documentation. */
export const WEBHOOK_ENDPOINTS: readonly Endpoint<WebhookServices>[] = [
  createWebhookEndpoint,
  listWebhooksEndpoint,
  getWebhookEndpoint,
  updateWebhookEndpoint,
  deleteWebhookEndpoint,
  webhookDeliveriesEndpoint,
  webhookExportsEndpoint,
  replayWebhookEndpoint,
  testWebhookEndpoint,
  rotateWebhookSecretEndpoint,
];
