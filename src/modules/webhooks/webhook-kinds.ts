import { EVENT_TYPES, type EventResource } from "../../domain/enums.js";

/** What a webhook receives: one classified or one property per change, or bulk export batches of classifieds. */
export const WEBHOOK_KINDS = ["classified-notification", "property-notification", "classifieds-export"] as const;
export type WebhookKind = (typeof WEBHOOK_KINDS)[number];

export const WEBHOOK_STATUSES = ["active", "disabled"] as const;
export type WebhookStatus = (typeof WEBHOOK_STATUSES)[number];

/** Delivery states: waiting (first attempt or retry), delivered, or given up after the last retry. */
export const DELIVERY_STATUSES = ["pending", "succeeded", "failed"] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** What a delivery carries: a listing event, a test message, or a batch of an export. */
export const DELIVERY_EVENT_TYPES = [...EVENT_TYPES, "test", "export"] as const;

/** Export runs: batches still to send, or all sent. */
export const EXPORT_STATUSES = ["running", "done"] as const;

/** The event resource a notification kind follows; exports follow none (they read the classifieds table). */
export function resourceOfKind(kind: WebhookKind): EventResource | null {
  if (kind === "classified-notification") return "classified";
  if (kind === "property-notification") return "property";
  return null;
}

/** Most items in one `classifieds-export` delivery (the published limit). */
export const EXPORT_BATCH_SIZE = 500;
