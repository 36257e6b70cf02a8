import { z } from "zod";
import { PROPERTY_TYPES, TRANSACTION_TYPES } from "../../domain/enums.js";
import { Timestamp, Uuid } from "../v1-view/schemas/common.schema.js";
import { requestComponent, responseComponent } from "../v1-view/schemas/registry.js";
import { validateWebhookFilter } from "./webhook-filter.js";
import { MAX_URL_LENGTH } from "./webhook-url-guard.js";
import { MAX_WEBHOOK_DESCRIPTION_LENGTH, MAX_WEBHOOKS_PER_ACCOUNT } from "./webhooks.service.js";
import { DELIVERY_EVENT_TYPES, DELIVERY_STATUSES, EXPORT_STATUSES, WEBHOOK_KINDS, WEBHOOK_STATUSES } from "./webhook-kinds.js";

/**
 * Request and response schemas of webhook management (`/public/v1/webhooks`): the routes validate with the
 * request schemas, the views are typed by the response schemas, and the OpenAPI document is generated from both.
 * The checks that need the network or the database (the URL's addresses, the per-account limit, cursors against
 * the webhook's kind) stay in webhooks.service.ts, which GraphQL shares.
 */

const kindError = `must be one of ${WEBHOOK_KINDS.join(", ")}`;
const WebhookKind = z
  .enum(WEBHOOK_KINDS, { error: (issue) => (issue.input === undefined ? "is required" : kindError) })
  .meta({ description: "What the webhook receives (see `webhooks` in this document for each kind's body)." });

/** A list of filter values; `allowed` documents the values an enumeration accepts (checked by the filter rules). */
const filterValues = (description: string, allowed?: readonly string[]) =>
  z
    .array(
      z
        .string()
        .max(253)
        .meta(allowed ? { enum: [...allowed] } : {}),
    )
    .max(1_000)
    .optional()
    .meta({ description });

/**
 * The stream filter as a caller gives it: every list is optional and means "any of". The values are checked by
 * the same rules as GraphQL (`validateWebhookFilter`): each wrong value is reported under `filter.<field>`.
 */
const WebhookFilterInput = requestComponent(
  z
    .strictObject({
      transactionTypes: filterValues("Transaction types.", TRANSACTION_TYPES),
      propertyTypes: filterValues("Property types.", PROPERTY_TYPES),
      sourceDomains: filterValues("Portals, by domain (`www.` and case ignored; stored as the registrable domain)."),
      departments: filterValues("INSEE department codes (`75`, `2A`, `971`...)."),
      sirens: filterValues("Publishers' SIRENs (9 digits, valid check digit)."),
      sirets: filterValues("Publishers' SIRETs (14 digits, valid check digit)."),
    })
    .superRefine((filter, ctx) => {
      const checked = validateWebhookFilter(filter);
      if (checked.ok) return;
      for (const [field, messages] of Object.entries(checked.errors)) {
        for (const message of messages) ctx.addIssue({ code: "custom", path: [field.replace(/^filter\./, "")], message });
      }
    }),
  "WebhookFilterInput",
  "Narrows what the webhook receives, always within the account's contract. Absent or empty lists do not filter.",
);

const WebhookUrl = z.string().meta({
  description:
    `Where messages are POSTed: an http(s) URL without credentials (at most ${MAX_URL_LENGTH} characters) whose host resolves ` +
    "only to public addresses, checked when saved and at every connection.",
});
const WebhookDescription = z
  .string()
  .max(MAX_WEBHOOK_DESCRIPTION_LENGTH, { error: `at most ${MAX_WEBHOOK_DESCRIPTION_LENGTH} characters` })
  .nullish()
  .meta({ description: `A note for the owner (at most ${MAX_WEBHOOK_DESCRIPTION_LENGTH} characters).` });

/** `POST /webhooks`. */
export const CreateWebhookBody = requestComponent(
  z.strictObject({ kind: WebhookKind, url: WebhookUrl, description: WebhookDescription, filter: WebhookFilterInput.nullish() }),
  "CreateWebhookBody",
  `A new webhook. An account may register at most ${MAX_WEBHOOKS_PER_ACCOUNT}.`,
);

/** `PATCH /webhooks/{id}`: only what is given changes. */
export const UpdateWebhookBody = requestComponent(
  z.strictObject({
    url: WebhookUrl.optional(),
    description: WebhookDescription,
    filter: WebhookFilterInput.nullish(),
    enabled: z.boolean().optional().meta({ description: "false disables the webhook; true re-enables it (pending messages resume)." }),
  }),
  "UpdateWebhookBody",
  "The changes to a webhook; fields left out keep their value.",
);

/** Path parameter `id`. Anything that is not one of the caller's webhooks answers 404, a malformed id included. */
export const WebhookIdParams = z.object({ id: z.string().meta({ description: "Identifier of the webhook (UUID)." }) });

const EventCursor = z.string().regex(/^(0|[1-9][0-9]{0,18})$/);

/** `GET /webhooks/{id}/deliveries`. */
export const DeliveriesQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20).meta({ description: "Deliveries per page (1 to 100, default 20)." }),
  before: z.string().optional().meta({ description: "The `nextBefore` of the previous page: older deliveries only." }),
  status: z.enum(DELIVERY_STATUSES).optional().meta({ description: "Only deliveries in that state." }),
});

/** `POST /webhooks/{id}/replay`. */
export const ReplayWebhookBody = requestComponent(
  z.strictObject({
    after: z.string().optional().meta({ description: "An event cursor (digits): replay what followed it. Notification kinds only." }),
    since: z.iso.datetime({ offset: true }).optional().meta({ description: "A time: replay what happened since (exports: what was modified since)." }),
  }),
  "ReplayWebhookBody",
  "Either `after` or `since`. A notification webhook needs one of them; an export without `since` exports everything.",
);

// ── Responses ─────────────────────────────────────────────────────────────────────────────────────────────

const values = z.array(z.string());
export const WebhookFilter = responseComponent(
  z.strictObject({ transactionTypes: values, propertyTypes: values, sourceDomains: values, departments: values, sirens: values, sirets: values }),
  "WebhookFilter",
  "The stored stream filter (normalised values); an empty list does not filter.",
);

export const Webhook = responseComponent(
  z.strictObject({
    id: Uuid,
    kind: z.enum(WEBHOOK_KINDS),
    url: z.string(),
    description: z.string().nullable(),
    status: z.enum(WEBHOOK_STATUSES),
    disabledReason: z.string().nullable().meta({ description: "Why it was disabled (by its owner, or failing since when)." }),
    disabledAt: Timestamp.nullable(),
    failingSince: Timestamp.nullable().meta({ description: "Since when every attempt has failed (null after a success)." }),
    filter: WebhookFilter,
    cursor: EventCursor.meta({ description: "The last event turned into deliveries (notification kinds)." }),
    previousSecretExpiresAt: Timestamp.nullable().meta({ description: "Until when the previous secret also signs, after a rotation." }),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  }),
  "Webhook",
  "An endpoint that receives signed messages (Standard Webhooks). The signing secret is never shown here.",
);

export const WebhookAttempt = responseComponent(
  z.strictObject({
    number: z.int().min(1),
    startedAt: Timestamp,
    durationMs: z.int().min(0),
    statusCode: z.int().nullable().meta({ description: "The endpoint's answer; null when none came (timeout, refused...)." }),
    error: z.string().nullable(),
  }),
  "WebhookAttempt",
);

export const WebhookDelivery = responseComponent(
  z.strictObject({
    id: Uuid,
    messageId: z.string().meta({ description: "The `webhook-id` header (`msg_...`): the same on every attempt." }),
    sequence: z.string().meta({ description: "Position in the log; pass it as `before` to page further back." }),
    eventType: z.enum(DELIVERY_EVENT_TYPES),
    eventCursor: EventCursor.nullable().meta({ description: "Cursor of the event delivered (null for tests and export batches)." }),
    status: z.enum(DELIVERY_STATUSES).meta({ description: "pending (first attempt or retry due), succeeded, or failed (given up)." }),
    attemptCount: z.int().min(0),
    nextAttemptAt: Timestamp.nullable(),
    lastStatusCode: z.int().nullable(),
    lastError: z.string().nullable(),
    createdAt: Timestamp,
    completedAt: Timestamp.nullable(),
    attempts: z.array(WebhookAttempt),
  }),
  "WebhookDelivery",
  "One message and its attempts.",
);

export const WebhookExport = responseComponent(
  z.strictObject({
    exportId: Uuid.meta({ description: "The `exportId` of the batches." }),
    since: Timestamp.nullable().meta({ description: "Classifieds modified since then; null: all of them." }),
    status: z.enum(EXPORT_STATUSES),
    batchCount: z.int().min(0),
    itemCount: z.int().min(0),
    createdAt: Timestamp,
    completedAt: Timestamp.nullable(),
  }),
  "WebhookExport",
  "One run of a `classifieds-export` webhook.",
);

export const WebhookResponse = responseComponent(z.strictObject({ webhook: Webhook }), "WebhookResponse");
export const WebhookListResponse = responseComponent(z.strictObject({ webhooks: z.array(Webhook) }), "WebhookListResponse");
export const WebhookWithSecretResponse = responseComponent(
  z.strictObject({
    webhook: Webhook,
    secret: z.string().startsWith("whsec_").meta({ description: "The `whsec_` signing secret: shown this once." }),
  }),
  "WebhookWithSecretResponse",
);
export const WebhookDeliveriesResponse = responseComponent(
  z.strictObject({
    deliveries: z.array(WebhookDelivery),
    nextBefore: z.string().nullable().meta({ description: "`before` for the next (older) page; null on the last page." }),
  }),
  "WebhookDeliveriesResponse",
  "The delivery log, newest first.",
);
export const WebhookExportsResponse = responseComponent(z.strictObject({ exports: z.array(WebhookExport) }), "WebhookExportsResponse");
export const WebhookReplayResponse = responseComponent(
  z.strictObject({
    webhook: Webhook,
    cursor: EventCursor.nullable().meta({ description: "Where a notification webhook resumes." }),
    exportId: Uuid.nullable().meta({ description: "The export started, for an export webhook." }),
  }),
  "WebhookReplayResponse",
);
export const WebhookTestResponse = responseComponent(
  z.strictObject({ delivery: WebhookDelivery }),
  "WebhookTestResponse",
  "The test message, with the outcome of its single attempt.",
);
