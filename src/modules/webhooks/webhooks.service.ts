import type { Database } from "../../db/client.js";
import type { WebhookRow } from "../../db/schema/index.js";
import { badInput, forbidden, notFound } from "../../errors.js";
import { isOneOf } from "../../domain/enums.js";
import type { Viewer } from "../auth/auth.types.js";
import { parseCursor } from "../events/event-cursor.js";
import { assertCursorRetained } from "../events/event-retention.js";
import { cursorBeforeTime, latestEventCursor } from "../events/event-log.repository.js";
import { isUuid } from "../loader-order.js";
import { validateWebhookFilter, type WebhookFilterInput } from "./webhook-filter.js";
import { WEBHOOK_KINDS, type WebhookKind } from "./webhook-kinds.js";
import { generateWebhookSecret } from "./webhook-signing.js";
import { checkWebhookUrl, UnsafeWebhookUrlError } from "./webhook-url-guard.js";
import { insertExport, listExportsOfWebhook } from "./webhook-exports.repository.js";
import {
  deleteWebhookOfAccount,
  findWebhookOfAccount,
  insertWebhook,
  listDeliveries,
  listWebhooksOfAccount,
  rotateWebhookSecret,
  setWebhookCursor,
  signalWebhookWork,
  updateWebhookOfAccount,
  type DeliveryWithAttempts,
  type WebhookChanges,
} from "./webhooks.repository.js";

/** What the webhook services need besides the caller. */
export type WebhookServiceDeps = {
  db: Database;
  allowPrivateNetworks: boolean;
  /** How long the previous secret keeps signing after a rotation. */
  secretOverlapMs: number;
};

/** Webhooks one account may register. */
export const MAX_WEBHOOKS_PER_ACCOUNT = 25;
/** Most characters in a webhook's description. */
export const MAX_WEBHOOK_DESCRIPTION_LENGTH = 500;

export type CreateWebhookInput = {
  kind: string;
  url: string;
  description?: string | null | undefined;
  filter?: WebhookFilterInput | null | undefined;
};

export type UpdateWebhookInput = {
  url?: string | undefined;
  description?: string | null | undefined;
  filter?: WebhookFilterInput | null | undefined;
  enabled?: boolean | undefined;
};

/** Managing webhooks needs a token with the `webhooks` scope; a webhook belongs to the token's account. */
export function requireWebhookScope(viewer: Viewer): void {
  if (!viewer.scopes.includes("webhooks")) throw forbidden("This token does not have the webhooks scope.");
}

/** Registers a webhook. The signing secret is in the result and nowhere else afterwards. */
export async function createWebhook(deps: WebhookServiceDeps, viewer: Viewer, input: CreateWebhookInput): Promise<{ webhook: WebhookRow; secret: string }> {
  requireWebhookScope(viewer);
  const errors: Record<string, string[]> = {};
  if (!isOneOf(WEBHOOK_KINDS, input.kind)) errors["kind"] = [`must be one of ${WEBHOOK_KINDS.join(", ")}`];
  const url = await checkedUrl(deps, input.url, errors);
  checkDescription(input.description, errors);
  const filter = validateWebhookFilter(input.filter);
  if (!filter.ok) Object.assign(errors, filter.errors);
  if (Object.keys(errors).length > 0 || !filter.ok || url === null || !isOneOf(WEBHOOK_KINDS, input.kind)) {
    throw badInput("The webhook is invalid.", errors);
  }
  const existing = await listWebhooksOfAccount(deps.db, viewer.accountId);
  if (existing.length >= MAX_WEBHOOKS_PER_ACCOUNT) {
    throw badInput(`An account may register at most ${MAX_WEBHOOKS_PER_ACCOUNT} webhooks.`, {
      url: [`at most ${MAX_WEBHOOKS_PER_ACCOUNT} webhooks per account`],
    });
  }
  const secret = generateWebhookSecret();
  const webhook = await insertWebhook(deps.db, {
    accountId: viewer.accountId,
    kind: input.kind,
    url,
    description: input.description ?? null,
    filter: filter.filter,
    secret,
    // Notifications start with the changes that follow the registration; exports start with a full export.
    cursor: await latestEventCursor(deps.db),
  });
  if (webhook.kind === "classifieds-export") await insertExport(deps.db, webhook.id, null);
  await signalWebhookWork(deps.db);
  return { webhook, secret };
}

export async function listWebhooks(deps: WebhookServiceDeps, viewer: Viewer): Promise<WebhookRow[]> {
  requireWebhookScope(viewer);
  return listWebhooksOfAccount(deps.db, viewer.accountId);
}

/** The caller's webhook with that id; another account's webhook reads as not found. */
export async function getWebhook(deps: WebhookServiceDeps, viewer: Viewer, id: string): Promise<WebhookRow> {
  requireWebhookScope(viewer);
  const webhook = isUuid(id) ? await findWebhookOfAccount(deps.db, viewer.accountId, id.toLowerCase()) : undefined;
  if (!webhook) throw notFound("Webhook");
  return webhook;
}

export async function deleteWebhook(deps: WebhookServiceDeps, viewer: Viewer, id: string): Promise<void> {
  const webhook = await getWebhook(deps, viewer, id);
  await deleteWebhookOfAccount(deps.db, viewer.accountId, webhook.id);
}

/** Changes the URL, description or filter, or disables / re-enables the webhook. */
export async function updateWebhook(deps: WebhookServiceDeps, viewer: Viewer, id: string, input: UpdateWebhookInput): Promise<WebhookRow> {
  const webhook = await getWebhook(deps, viewer, id);
  const errors: Record<string, string[]> = {};
  const changes: WebhookChanges = {};
  if (input.url !== undefined) {
    const url = await checkedUrl(deps, input.url, errors);
    if (url !== null) changes.url = url;
  }
  if (input.description !== undefined) {
    checkDescription(input.description, errors);
    changes.description = input.description;
  }
  if (input.filter !== undefined) {
    const filter = validateWebhookFilter(input.filter);
    if (filter.ok) changes.filter = filter.filter;
    else Object.assign(errors, filter.errors);
  }
  if (input.enabled !== undefined) changes.status = input.enabled ? "active" : "disabled";
  if (Object.keys(errors).length > 0) throw badInput("The webhook change is invalid.", errors);
  const updated = await updateWebhookOfAccount(deps.db, viewer.accountId, webhook.id, changes);
  if (!updated) throw notFound("Webhook");
  if (input.enabled) await signalWebhookWork(deps.db);
  return updated;
}

/** A new signing secret, returned once; the previous one also signs for `secretOverlapMs`. */
export async function rotateSecret(deps: WebhookServiceDeps, viewer: Viewer, id: string): Promise<{ webhook: WebhookRow; secret: string }> {
  const webhook = await getWebhook(deps, viewer, id);
  const secret = generateWebhookSecret();
  const rotated = await rotateWebhookSecret(deps.db, viewer.accountId, webhook.id, secret, new Date(Date.now() + deps.secretOverlapMs));
  if (!rotated) throw notFound("Webhook");
  return { webhook: rotated, secret };
}

export async function webhookDeliveries(
  deps: WebhookServiceDeps,
  viewer: Viewer,
  id: string,
  options: { limit: number; before?: string | undefined; status?: string | undefined },
): Promise<DeliveryWithAttempts[]> {
  const webhook = await getWebhook(deps, viewer, id);
  const before = options.before === undefined ? undefined : parseCursor(options.before, "before");
  return listDeliveries(deps.db, webhook.id, { limit: options.limit, beforeSeq: before, status: options.status });
}

export type ReplayInput = { after?: string | undefined; since?: Date | undefined };
export type ReplayResult = { webhook: WebhookRow; cursor: string | null; exportId: string | null };

/**
 * Sends again what happened after a cursor or since a time. Notification webhooks move their position in the
 * event stream back (or forward) to it; an export webhook starts a new export of the classifieds modified since
 * the time (all of them without one). Re-sent messages are new deliveries with new `webhook-id`s.
 */
export async function replayWebhook(deps: WebhookServiceDeps, viewer: Viewer, id: string, input: ReplayInput): Promise<ReplayResult> {
  const webhook = await getWebhook(deps, viewer, id);
  if (input.after !== undefined && input.since !== undefined) {
    throw badInput("Give either after (a cursor) or since (a time), not both.", { after: ["cannot be combined with since"] });
  }
  const kind: WebhookKind = isOneOf(WEBHOOK_KINDS, webhook.kind) ? webhook.kind : "classified-notification";
  if (kind === "classifieds-export") {
    if (input.after !== undefined) throw badInput("An export replays from a time (since), not a cursor.", { after: ["not supported for exports"] });
    const run = await insertExport(deps.db, webhook.id, input.since ?? null);
    await signalWebhookWork(deps.db);
    return { webhook, cursor: null, exportId: run.id };
  }
  const cursor =
    input.after !== undefined ? (parseCursor(input.after) ?? 0n) : input.since !== undefined ? await cursorBeforeTime(deps.db, input.since) : undefined;
  if (cursor === undefined) throw badInput("Give after (a cursor) or since (a time).", { after: ["after or since is required"] });
  await assertCursorRetained(deps.db, cursor, input.after !== undefined ? "after" : "since");
  await setWebhookCursor(deps.db, viewer.accountId, webhook.id, cursor);
  await signalWebhookWork(deps.db);
  return { webhook: await getWebhook(deps, viewer, id), cursor: cursor.toString(), exportId: null };
}

export async function webhookExports(deps: WebhookServiceDeps, viewer: Viewer, id: string) {
  const webhook = await getWebhook(deps, viewer, id);
  return listExportsOfWebhook(deps.db, webhook.id, 20);
}

async function checkedUrl(deps: WebhookServiceDeps, url: string, errors: Record<string, string[]>): Promise<string | null> {
  try {
    return await checkWebhookUrl(url, deps.allowPrivateNetworks);
  } catch (error) {
    if (!(error instanceof UnsafeWebhookUrlError)) throw error;
    errors["url"] = [error.message];
    return null;
  }
}

function checkDescription(description: string | null | undefined, errors: Record<string, string[]>): void {
  if (typeof description === "string" && description.length > MAX_WEBHOOK_DESCRIPTION_LENGTH) {
    errors["description"] = [`at most ${MAX_WEBHOOK_DESCRIPTION_LENGTH} characters`];
  }
}
