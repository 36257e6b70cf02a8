import type { DocumentedOperation } from "../openapi.js";
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
 * The webhook management operations under `/public/v1`: webhooks.http.ts serves exactly these (method, path and
 * validation come from here) and the OpenAPI document lists them. Every one needs the `webhooks` scope; a
 * webhook of another account answers 404 like an unknown one.
 */

/** Keeps each operation's own schema types (for typed handlers) while checking it is a documented operation. */
const operation = <const O extends DocumentedOperation>(spec: O): O => spec;

const common = { tags: ["webhooks"], requiredScope: "webhooks" } as const;

export const createWebhookOperation = operation({
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
});

export const listWebhooksOperation = operation({
  ...common,
  method: "GET",
  path: "/webhooks",
  operationId: "webhooksList",
  summary: "The account's webhooks",
  response: WebhookListResponse,
  canBeNotFound: false,
});

export const getWebhookOperation = operation({
  ...common,
  method: "GET",
  path: "/webhooks/{id}",
  operationId: "webhooksShow",
  summary: "A webhook",
  params: WebhookIdParams,
  response: WebhookResponse,
  canBeNotFound: true,
  canBeInvalid: false,
});

export const updateWebhookOperation = operation({
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
});

export const deleteWebhookOperation = operation({
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
});

export const webhookDeliveriesOperation = operation({
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
});

export const webhookExportsOperation = operation({
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
});

export const replayWebhookOperation = operation({
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
});

export const testWebhookOperation = operation({
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
});

export const rotateWebhookSecretOperation = operation({
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
});

/** Every webhook management operation, in the order of the documentation. */
export const WEBHOOK_OPERATIONS: readonly DocumentedOperation[] = [
  createWebhookOperation,
  listWebhooksOperation,
  getWebhookOperation,
  updateWebhookOperation,
  deleteWebhookOperation,
  webhookDeliveriesOperation,
  webhookExportsOperation,
  replayWebhookOperation,
  testWebhookOperation,
  rotateWebhookSecretOperation,
];
