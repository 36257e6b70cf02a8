import { z } from "zod";
import { EVENT_TYPES } from "../../../domain/enums.js";
import type { DocumentedWebhook } from "../openapi.js";
import { ClassifiedDetail } from "../../../modules/v1-view/schemas/classified.schema.js";
import { Uuid } from "../../../modules/v1-view/schemas/common.schema.js";
import { Property } from "../../../modules/v1-view/schemas/property.schema.js";
import { responseComponent } from "../../../modules/v1-view/schemas/registry.js";
import { DELIVERY_EVENT_TYPES, EXPORT_BATCH_SIZE } from "../../../modules/webhooks/webhook-kinds.js";

/**
 * What a subscriber receives, for the OpenAPI `webhooks` section: the bodies of each kind (built by
 * webhook-payloads.ts from the v1 representations these schemas name) and the headers of every attempt (set by
 * webhook-attempt.ts). The e2e tests parse real deliveries with these schemas.
 */

/** `classified-notification`, and each item of an export batch: a classified as `GET /classifieds/{id}` shows it. */
export const ClassifiedNotification = responseComponent(
  ClassifiedDetail.extend({
    type: z.enum([...EVENT_TYPES, "test"]).meta({ description: "What happened to the classified; `test` for a test message." }),
  }),
  "ClassifiedNotification",
  "A classified (2.5) and what happened to it.",
);

/** The body of a test message when nothing in the webhook's scope exists yet. */
export const WebhookTestPing = responseComponent(
  z.strictObject({ type: z.literal("test") }),
  "WebhookTestPing",
  "A test message sent while no listing is in the webhook's scope.",
);

export const ClassifiedNotificationMessage = responseComponent(z.union([ClassifiedNotification, WebhookTestPing]), "ClassifiedNotificationMessage");

export const PropertyNotificationMessage = responseComponent(
  z.union([Property, WebhookTestPing]),
  "PropertyNotificationMessage",
  "A property (2.3) as `GET /properties/{id}` shows it, after a change to it or to one of its classifieds.",
);

export const ClassifiedsExportBatch = responseComponent(
  z.strictObject({
    exportId: Uuid.meta({ description: "The export run (see `GET /webhooks/{id}/exports`)." }),
    items: z.array(ClassifiedNotification).max(EXPORT_BATCH_SIZE),
  }),
  "ClassifiedsExportBatch",
  `One batch of an export: at most ${EXPORT_BATCH_SIZE} classifieds, each with the \`type\` of its latest state.`,
);

export const ClassifiedsExportMessage = responseComponent(z.union([ClassifiedsExportBatch, WebhookTestPing]), "ClassifiedsExportMessage");

/** The headers of every attempt: Standard Webhooks (`webhook-id`, `-timestamp`, `-signature`) and delivery details. */
export const WebhookMessageHeaders = z.object({
  "webhook-id": z
    .string()
    .regex(/^msg_[0-9a-f]{32}$/)
    .meta({
      description: "`msg_...`: one per message, the same on every retry. The deduplication key; part of what is signed.",
    }),
  "webhook-timestamp": z
    .string()
    .regex(/^[0-9]+$/)
    .meta({
      description: "Unix time (seconds) of this attempt; part of what is signed. Refuse messages too far from now.",
    }),
  "webhook-signature": z
    .string()
    .regex(/^v1,[A-Za-z0-9+/=]+( v1,[A-Za-z0-9+/=]+)*$/)
    .meta({
      description:
        '`v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">` per signing secret (keyed by the ' +
        "base64 bytes after `whsec_`), space-separated while a rotated secret still signs. Verify with any Standard " +
        "Webhooks library, e.g. `new Webhook(secret).verify(body, headers)` from `standardwebhooks`.",
    }),
  "webhook-endpoint-id": Uuid.meta({ description: "The webhook that receives the message." }),
  "webhook-delivery-id": Uuid.meta({ description: "This attempt (a new one on each retry)." }),
  "webhook-event-type": z.enum(DELIVERY_EVENT_TYPES).meta({ description: "created, updated or removed; test; export for export batches." }),
  "webhook-attempt": z
    .string()
    .regex(/^[1-9][0-9]*$/)
    .meta({ description: "1 for the first attempt, then 2, 3..." }),
});

const DELIVERY_RULES =
  "Delivered at least once: deduplicate by `webhook-id`. Messages about the same listing (or the batches of an " + "export) are sent one at a time, in order.";

/** What the subscriber's answer means (webhook-attempt.ts judges it). */
const ANSWERS = {
  "2XX": "Delivered.",
  "410": "Gone: the message is given up and the webhook disabled.",
  default:
    "Retried on the retry schedule (so are timeouts, refused and reset connections), never sooner than a " +
    "`Retry-After` asks (up to a day). Redirects are not followed.",
};

/** The `webhooks` section: one entry per kind. */
export const WEBHOOK_MESSAGES: readonly DocumentedWebhook[] = [
  {
    name: "classified-notification",
    operationId: "classifiedNotification",
    summary: "A classified was created, updated or removed",
    description: `One message per classified event, within the owner's contract and the webhook's filter. ${DELIVERY_RULES}`,
    headers: WebhookMessageHeaders,
    body: ClassifiedNotificationMessage,
    responses: ANSWERS,
  },
  {
    name: "property-notification",
    operationId: "propertyNotification",
    summary: "A property changed",
    description: `One message per property event, within the owner's contract and the webhook's filter. ${DELIVERY_RULES}`,
    headers: WebhookMessageHeaders,
    body: PropertyNotificationMessage,
    responses: ANSWERS,
  },
  {
    name: "classifieds-export",
    operationId: "classifiedsExport",
    summary: "A batch of a bulk export",
    description:
      "The classifieds in scope, in batches under one `exportId`; the next batch is sent once the previous one was " +
      "answered or given up. An export runs when the webhook is created and on each replay. " +
      DELIVERY_RULES,
    headers: WebhookMessageHeaders,
    body: ClassifiedsExportMessage,
    responses: ANSWERS,
  },
];
