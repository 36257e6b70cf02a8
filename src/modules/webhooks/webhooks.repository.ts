import { and, asc, desc, eq, inArray, isNotNull, lt, ne, sql, type SQL } from "drizzle-orm";
import type { Database, Transaction } from "../../db/client.js";
import {
  accounts,
  webhookAttempts,
  webhookDeliveries,
  webhooks,
  type NewWebhookDeliveryRow,
  type NewWebhookRow,
  type WebhookAttemptRow,
  type WebhookDeliveryRow,
  type WebhookFilterValue,
  type WebhookRow,
} from "../../db/schema/index.js";
import type { Contract } from "../../domain/contract.js";
import type { EventCursor } from "../events/event-cursor.js";

/** Registration and bookkeeping of webhooks; every management read is scoped to the owning account. */

export async function insertWebhook(db: Database, values: NewWebhookRow): Promise<WebhookRow> {
  const [row] = await db.insert(webhooks).values(values).returning();
  if (!row) throw new Error("webhook insert returned no row");
  return row;
}

export async function listWebhooksOfAccount(db: Database, accountId: string): Promise<WebhookRow[]> {
  return db.select().from(webhooks).where(eq(webhooks.accountId, accountId)).orderBy(asc(webhooks.createdAt), asc(webhooks.id));
}

export async function findWebhookOfAccount(db: Database, accountId: string, id: string): Promise<WebhookRow | undefined> {
  const [row] = await db
    .select()
    .from(webhooks)
    .where(and(eq(webhooks.id, id), eq(webhooks.accountId, accountId)))
    .limit(1);
  return row;
}

export async function deleteWebhookOfAccount(db: Database, accountId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(webhooks)
    .where(and(eq(webhooks.id, id), eq(webhooks.accountId, accountId)))
    .returning({ id: webhooks.id });
  return rows.length > 0;
}

export type WebhookChanges = {
  url?: string;
  description?: string | null;
  filter?: WebhookFilterValue;
  /** Re-enabling clears the failure bookkeeping. */
  status?: "active" | "disabled";
};

export async function updateWebhookOfAccount(db: Database, accountId: string, id: string, changes: WebhookChanges): Promise<WebhookRow | undefined> {
  const statusChange =
    changes.status === "active"
      ? { status: "active", disabledReason: null, disabledAt: null, failingSince: null }
      : changes.status === "disabled"
        ? { status: "disabled", disabledReason: "disabled by its owner", disabledAt: sql`now()` }
        : {};
  const [row] = await db
    .update(webhooks)
    .set({
      ...(changes.url !== undefined ? { url: changes.url } : {}),
      ...(changes.description !== undefined ? { description: changes.description } : {}),
      ...(changes.filter !== undefined ? { filter: changes.filter } : {}),
      ...statusChange,
      updatedAt: sql`now()`,
    })
    .where(and(eq(webhooks.id, id), eq(webhooks.accountId, accountId)))
    .returning();
  return row;
}

/** Makes `secret` the signing secret; the previous one keeps signing until `previousUntil`. */
export async function rotateWebhookSecret(db: Database, accountId: string, id: string, secret: string, previousUntil: Date): Promise<WebhookRow | undefined> {
  const [row] = await db
    .update(webhooks)
    .set({ previousSecret: sql`${webhooks.secret}`, previousSecretExpiresAt: previousUntil, secret, updatedAt: sql`now()` })
    .where(and(eq(webhooks.id, id), eq(webhooks.accountId, accountId)))
    .returning();
  return row;
}

/** Moves a webhook's position in the event stream (replay); the dispatcher re-sends what follows it. */
export async function setWebhookCursor(db: Database, accountId: string, id: string, cursor: EventCursor): Promise<boolean> {
  const rows = await db
    .update(webhooks)
    .set({ cursor, updatedAt: sql`now()` })
    .where(and(eq(webhooks.id, id), eq(webhooks.accountId, accountId)))
    .returning({ id: webhooks.id });
  return rows.length > 0;
}

/** A webhook the dispatcher feeds from the event log, with the contract of its owner as it is now. */
export type StreamingWebhook = Pick<WebhookRow, "id" | "accountId" | "kind" | "filter" | "cursor"> & { contract: Contract };

/** Active notification webhooks whose cursor is behind `head`. */
export async function listWebhooksBehind(db: Database, head: EventCursor): Promise<StreamingWebhook[]> {
  return selectStreamingWebhooks(db, and(eq(webhooks.status, "active"), ne(webhooks.kind, "classifieds-export"), lt(webhooks.cursor, head)));
}

/**
 * Disables the active notification webhooks whose position in the event stream is older than the log's horizon
 * (their next events were deleted by retention): sending on would skip them silently. Returns their ids.
 */
export async function disableWebhooksBehindHorizon(db: Database, horizon: EventCursor): Promise<string[]> {
  const rows = await db
    .update(webhooks)
    .set({
      status: "disabled",
      disabledAt: sql`now()`,
      disabledReason:
        "its position in the event stream is older than what the event log keeps (EVENT_RETENTION_DAYS): " +
        "replay from a recent time (since) or cursor, then enable it again",
      updatedAt: sql`now()`,
    })
    .where(and(eq(webhooks.status, "active"), ne(webhooks.kind, "classifieds-export"), lt(webhooks.cursor, horizon)))
    .returning({ id: webhooks.id });
  return rows.map((row) => row.id);
}

/** The webhooks with these ids, with their filter and their owner's contract as they are now. */
export async function findStreamingWebhooks(db: Database, ids: readonly string[]): Promise<StreamingWebhook[]> {
  if (ids.length === 0) return [];
  return selectStreamingWebhooks(db, inArray(webhooks.id, [...ids]));
}

async function selectStreamingWebhooks(db: Database, where: SQL | undefined): Promise<StreamingWebhook[]> {
  const rows = await db
    .select({
      id: webhooks.id,
      accountId: webhooks.accountId,
      kind: webhooks.kind,
      filter: webhooks.filter,
      cursor: webhooks.cursor,
      allDepartments: accounts.allDepartments,
      departments: accounts.departments,
      sirens: accounts.sirens,
      sirets: accounts.sirets,
    })
    .from(webhooks)
    .innerJoin(accounts, eq(accounts.id, webhooks.accountId))
    .where(where)
    .orderBy(asc(webhooks.cursor));
  return rows.map(({ allDepartments, departments, sirens, sirets, ...webhook }) => ({
    ...webhook,
    contract: { allDepartments, departments, sirens, sirets },
  }));
}

/**
 * Records the deliveries of one stretch of the event log for one webhook and moves its cursor, atomically.
 * The cursor moves only if it still is `expected` (compare-and-set on the webhook row): when two processes
 * prepare the same stretch, or a replay moved the cursor meanwhile, exactly one write wins and the others
 * return false without inserting anything. The row lock also serialises these inserts per webhook, so `seq`
 * order is event order.
 */
export async function advanceWebhook(
  db: Database,
  webhookId: string,
  expected: EventCursor,
  next: EventCursor,
  deliveries: NewWebhookDeliveryRow[],
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const moved = await tx
      .update(webhooks)
      .set({ cursor: next })
      .where(and(eq(webhooks.id, webhookId), eq(webhooks.cursor, expected), eq(webhooks.status, "active")))
      .returning({ id: webhooks.id });
    if (moved.length === 0) return false;
    await insertDeliveriesInBulk(tx, deliveries);
    return true;
  });
}

/**
 * Inserts deliveries with one statement whose text does not depend on their number (a JSON array bound as one
 * parameter), in the order given (so `seq` follows it).
 */
async function insertDeliveriesInBulk(tx: Transaction, deliveries: readonly NewWebhookDeliveryRow[]): Promise<void> {
  if (deliveries.length === 0) return;
  const rows = JSON.stringify(
    deliveries.map((d) => ({
      webhook_id: d.webhookId,
      event_id: d.eventId === null || d.eventId === undefined ? null : d.eventId.toString(),
      event_type: d.eventType,
      ordering_key: d.orderingKey,
      payload: d.payload,
    })),
  );
  await tx.execute(sql`
    insert into ${webhookDeliveries} (webhook_id, event_id, event_type, ordering_key, payload)
    select webhook_id, event_id, event_type, ordering_key, payload
    from rows from (jsonb_to_recordset(${rows}::jsonb)
      as (webhook_id uuid, event_id bigint, event_type text, ordering_key text, payload text)) with ordinality
      as d(webhook_id, event_id, event_type, ordering_key, payload, position)
    order by position`);
}

export async function insertDelivery(db: Database, delivery: NewWebhookDeliveryRow): Promise<WebhookDeliveryRow> {
  const [row] = await db.insert(webhookDeliveries).values(delivery).returning();
  if (!row) throw new Error("delivery insert returned no row");
  return row;
}

export type DeliveryWithAttempts = WebhookDeliveryRow & { attempts: WebhookAttemptRow[] };

/** The delivery log of a webhook, newest first, with every attempt; `beforeSeq` pages further back. */
export async function listDeliveries(
  db: Database,
  webhookId: string,
  options: { limit: number; beforeSeq?: bigint | undefined; status?: string | undefined },
): Promise<DeliveryWithAttempts[]> {
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.webhookId, webhookId),
        options.beforeSeq !== undefined ? lt(webhookDeliveries.seq, options.beforeSeq) : undefined,
        options.status !== undefined ? eq(webhookDeliveries.status, options.status) : undefined,
      ),
    )
    .orderBy(desc(webhookDeliveries.seq))
    .limit(options.limit);
  if (rows.length === 0) return [];
  const attempts = await db
    .select()
    .from(webhookAttempts)
    .where(
      inArray(
        webhookAttempts.deliveryId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(webhookAttempts.attemptNumber));
  return rows.map((row) => ({ ...row, attempts: attempts.filter((attempt) => attempt.deliveryId === row.id) }));
}

/**
 * Deletes settled deliveries (and their attempts) created more than `retentionMs` ago; pending ones stay
 * whatever their age. Returns how many were deleted.
 */
export async function pruneDeliveryLog(db: Database, retentionMs: number): Promise<number> {
  const deleted = await db
    .delete(webhookDeliveries)
    .where(and(ne(webhookDeliveries.status, "pending"), lt(webhookDeliveries.createdAt, sql`now() - ${`${retentionMs} milliseconds`}::interval`)))
    .returning({ id: webhookDeliveries.id });
  return deleted.length;
}

/** Webhooks whose previous secret has expired keep it no longer than needed. */
export async function forgetExpiredSecrets(db: Database): Promise<void> {
  await db
    .update(webhooks)
    .set({ previousSecret: null, previousSecretExpiresAt: null })
    .where(and(isNotNull(webhooks.previousSecret), lt(webhooks.previousSecretExpiresAt, sql`now()`)));
}

/** The channel that wakes the dispatchers of every process when work appears outside the event log. */
export const WEBHOOK_WORK_CHANNEL = "listings_webhooks";

/** Wakes every process's dispatcher (after a replay, a new export or a re-enabled webhook). */
export async function signalWebhookWork(db: Database): Promise<void> {
  await db.execute(sql`select pg_notify(${WEBHOOK_WORK_CHANNEL}, '')`);
}
