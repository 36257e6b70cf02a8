import type { ClassifiedRow } from "../../db/schema/index.js";
import type { EventType } from "../../domain/enums.js";
import { classifiedDetail } from "../v1-view/representations/classified.representation.js";
import { propertyRepresentation } from "../v1-view/representations/property.representation.js";
import type { Viewer } from "../auth/auth.types.js";
import { loadClassifiedParts, loadPropertyParts } from "../v1-view/read-model.js";
import { getClassified } from "../classifieds/classifieds.service.js";
import { getProperty } from "../properties/properties.service.js";
import type { RequestContext } from "../request-context.js";

/**
 * The published webhook bodies, built from the same services and v1 representations as `GET /classifieds/{id}`
 * and `GET /properties/{id}`, through a context bounded by the webhook owner's contract.
 */

/** The `type` of a classified notification: what happened to it, or `test` for a test delivery. */
export type NotificationType = EventType | "test";

/** `classified-notification`: the classified as in `GET /classifieds/{id}` plus `type`; null when not visible. */
export async function classifiedNotification(ctx: RequestContext, id: string, type: NotificationType): Promise<object | null> {
  const classified = await getClassified(ctx, id);
  if (!classified) return null;
  return { ...classifiedDetail(await loadClassifiedParts(ctx, classified)), type };
}

/**
 * `property-notification`: the property as in `GET /properties/{id}`; null when not visible. For a property
 * absorbed by a merge, the property that absorbed it (what `GET /properties/{id}` answers for the absorbed id),
 * with `mergedFrom` naming the absorbed id, so that a receiver can drop it.
 */
export async function propertyNotification(ctx: RequestContext, id: string): Promise<object | null> {
  const property = await getProperty(ctx, id);
  if (!property) return null;
  const body = propertyRepresentation(await loadPropertyParts(ctx, property));
  return property.id === id.toLowerCase() ? body : { ...body, mergedFrom: id.toLowerCase() };
}

/** One item of a `classifieds-export` batch: the classified plus the `type` of its latest state. */
export async function exportItem(ctx: RequestContext, classified: ClassifiedRow): Promise<object> {
  return { ...classifiedDetail(await loadClassifiedParts(ctx, classified)), type: exportTypeOf(classified) };
}

function exportTypeOf(classified: ClassifiedRow): EventType {
  if (classified.removedAt !== null || classified.status === "removed") return "removed";
  return classified.lastModifiedAt.getTime() > classified.firstSeenAt.getTime() ? "updated" : "created";
}

/**
 * The viewer a webhook reads as: its owner account's contract, no token. Only the contract matters to the read
 * path; the rest identifies the reader in logs.
 */
export function webhookReader(webhookId: string, accountId: string, contract: Viewer["contract"]): Viewer {
  return {
    accountId,
    email: "",
    plan: "free",
    contract,
    tokenId: `webhook:${webhookId}`,
    tokenName: "webhook dispatcher",
    tokenCreatedAt: new Date(0),
    scopes: ["read"],
  };
}
