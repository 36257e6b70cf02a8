import { and, eq, inArray, isNull, lt, sql } from "drizzle-orm";
import type { Database, Transaction } from "../../db/client.js";
import { webhookAttempts, webhookDeliveries, webhooks, type NewWebhookAttemptRow } from "../../db/schema/index.js";

/** What the dispatcher needs to send one claimed delivery. */
export type ClaimedDelivery = {
  id: string;
  webhookId: string;
  /** The event a notification carries; null for tests and export batches. */
  eventId: bigint | null;
  eventType: string;
  orderingKey: string;
  payload: string;
  attemptCount: number;
  url: string;
  secret: string;
  previousSecret: string | null;
  previousSecretExpiresAt: Date | null;
  /** The endpoint's failure bookkeeping when claimed (a success clears it). */
  failingSince: Date | null;
};

export type ClaimOptions = {
  owner: string;
  limit: number;
  leaseMs: number;
  /** Most deliveries one webhook may have in flight in this process. */
  perWebhook: number;
  /** Deliveries each webhook already has in flight in this process. */
  busy: ReadonlyMap<string, number>;
};

/**
 * Claims due deliveries by leasing them to `owner`. A delivery is due when it is pending, its time has come,
 * nobody holds a live lease on it, its webhook is active, and no earlier delivery with the same ordering key
 * is still pending (per-listing order: a later change waits until the earlier one succeeded or was given up;
 * an earlier one in flight elsewhere is pending too, so it blocks). Each webhook gets at most its free slots,
 * so one slow or busy receiver cannot take every slot. `FOR UPDATE SKIP LOCKED` lets processes claim concurrently without
 * ever claiming the same row; the lease then keeps it theirs until it expires (a dead process's deliveries are
 * claimed again after that: at least once).
 */
export async function claimDueDeliveries(db: Database, options: ClaimOptions): Promise<ClaimedDelivery[]> {
  if (options.limit <= 0) return [];
  const busy = JSON.stringify([...options.busy].map(([webhook_id, n]) => ({ webhook_id, n })));
  // Per webhook with free slots (in random order, so no endpoint is always served last), its earliest due
  // deliveries: a large backlog on one endpoint never hides the due work of the others.
  const due = sql`
    select c.id from (
      select w.id as webhook_id, ${options.perWebhook} - coalesce(busy.n, 0) as slots
      from ${webhooks} w
      left join jsonb_to_recordset(${busy}::jsonb) as busy(webhook_id uuid, n int) on busy.webhook_id = w.id
      where w.status = 'active' and ${options.perWebhook} - coalesce(busy.n, 0) > 0
        and exists (
          select 1 from ${webhookDeliveries} p
          where p.webhook_id = w.id and p.status = 'pending' and p.next_attempt_at <= now()
        )
      order by random()
    ) ws
    cross join lateral (
      select d.id from ${webhookDeliveries} d
      where d.webhook_id = ws.webhook_id and d.status = 'pending' and d.next_attempt_at <= now()
        and (d.lease_expires_at is null or d.lease_expires_at < now())
        and not exists (
          select 1 from ${webhookDeliveries} e
          where e.webhook_id = d.webhook_id and e.ordering_key = d.ordering_key and e.status = 'pending' and e.seq < d.seq
        )
      order by d.next_attempt_at, d.seq
      limit ws.slots
    ) c`;
  const locked = sql`
    select d.id from ${webhookDeliveries} d
    where d.id = any(array(${due})) and d.status = 'pending' and (d.lease_expires_at is null or d.lease_expires_at < now())
    limit ${options.limit}
    for update of d skip locked`;
  return db.transaction(async (tx) => {
    await relaxCommit(tx);
    return (
      tx
        .update(webhookDeliveries)
        .set({
          leaseOwner: options.owner,
          leaseExpiresAt: sql`now() + ${`${options.leaseMs} milliseconds`}::interval`,
          attemptCount: sql`${webhookDeliveries.attemptCount} + 1`,
        })
        .from(webhooks)
        // `= any(array(...))`: each subquery runs once and rows are found by primary key (`in (...)` made
        // PostgreSQL hash-join against a scan of the whole table).
        .where(and(eq(webhooks.id, webhookDeliveries.webhookId), sql`${webhookDeliveries.id} = any(array(${locked}))`))
        .returning({
          id: webhookDeliveries.id,
          webhookId: webhookDeliveries.webhookId,
          eventId: webhookDeliveries.eventId,
          eventType: webhookDeliveries.eventType,
          orderingKey: webhookDeliveries.orderingKey,
          payload: webhookDeliveries.payload,
          attemptCount: webhookDeliveries.attemptCount,
          url: webhooks.url,
          secret: webhooks.secret,
          previousSecret: webhooks.previousSecret,
          previousSecretExpiresAt: webhooks.previousSecretExpiresAt,
          failingSince: webhooks.failingSince,
        })
    );
  });
}

/**
 * Commits of dispatch bookkeeping do not wait for the WAL flush. Losing the last of them in a database crash
 * only means messages are sent again (a lost lease or a lost outcome), which at-least-once delivery allows;
 * not waiting for the disk per claim and per batch of outcomes is what lets dispatch keep up.
 */
async function relaxCommit(tx: Transaction): Promise<void> {
  await tx.execute(sql`set local synchronous_commit = off`);
}

/** How one attempt ended, for the delivery row. */
export type AttemptResult = {
  deliveryId: string;
  webhookId: string;
  attempt: NewWebhookAttemptRow;
  /** pending (retry at `nextAttemptAt`), succeeded, or failed (given up). */
  status: "pending" | "succeeded" | "failed";
  nextAttemptAt: Date | null;
  statusCode: number | null;
  error: string | null;
  /** The receiver answered 410 Gone: its webhook is disabled in the same transaction. */
  gone: boolean;
};

/**
 * Records a batch of finished attempts in one transaction: the attempt log rows, the new state of each delivery
 * (its lease released) and, for a 410 Gone, the disabled webhook. Only deliveries still leased by `owner` are
 * updated, so a process whose lease expired cannot overwrite the outcome of the process that took over.
 * Disabling in the same transaction matters: once the gone message is settled its successor is due, and a
 * claim between two commits would send it to an endpoint that asked not to be called again.
 */
export async function recordAttempts(db: Database, owner: string, results: readonly AttemptResult[]): Promise<void> {
  if (results.length === 0) return;
  const attempts = JSON.stringify(
    results.map(({ attempt }) => ({
      delivery_id: attempt.deliveryId,
      attempt_number: attempt.attemptNumber,
      started_at: attempt.startedAt.toISOString(),
      duration_ms: attempt.durationMs,
      status_code: attempt.statusCode ?? null,
      error: attempt.error ?? null,
    })),
  );
  const updates = JSON.stringify(
    results.map((r) => ({
      id: r.deliveryId,
      status: r.status,
      next_at: r.nextAttemptAt?.toISOString() ?? null,
      code: r.statusCode,
      err: r.error,
    })),
  );
  const gone = [...new Set(results.filter((r) => r.gone).map((r) => r.webhookId))];
  await db.transaction(async (tx) => {
    await relaxCommit(tx);
    // Webhooks before deliveries: the order in which deleting a webhook locks them, so the two never deadlock.
    if (gone.length > 0) await disableGoneWebhooks(tx, gone);
    // A webhook deleted while its messages were in flight takes its deliveries with it: skip their attempts.
    await tx.execute(sql`
      insert into ${webhookAttempts} (delivery_id, attempt_number, started_at, duration_ms, status_code, error)
      select a.delivery_id, a.attempt_number, a.started_at, a.duration_ms, a.status_code, a.error
      from jsonb_to_recordset(${attempts}::jsonb)
        as a(delivery_id uuid, attempt_number int, started_at timestamptz, duration_ms int, status_code int, error text)
      where exists (select 1 from ${webhookDeliveries} d where d.id = a.delivery_id)`);
    await tx.execute(sql`
      update ${webhookDeliveries} d set
        status = u.status,
        next_attempt_at = coalesce(u.next_at, d.next_attempt_at),
        last_status_code = u.code,
        last_error = u.err,
        lease_owner = null,
        lease_expires_at = null,
        completed_at = case when u.status = 'pending' then null else now() end
      from jsonb_to_recordset(${updates}::jsonb) as u(id uuid, status text, next_at timestamptz, code int, err text)
      where d.id = u.id and d.lease_owner = ${owner}`);
  });
}

/** A webhook answered 2xx: it is healthy again. */
export async function markWebhooksHealthy(db: Database, webhookIds: readonly string[]): Promise<void> {
  if (webhookIds.length === 0) return;
  await db
    .update(webhooks)
    .set({ failingSince: null })
    .where(and(inArray(webhooks.id, [...webhookIds]), sql`${webhooks.failingSince} is not null`));
}

/**
 * Webhooks whose attempts failed: remember since when, and disable those failing for longer than
 * `disableAfterMs`. Returns the webhooks disabled now (for the log).
 */
export async function markWebhooksFailing(
  db: Database,
  webhookIds: readonly string[],
  disableAfterMs: number,
): Promise<{ id: string; failingSince: Date | null }[]> {
  if (webhookIds.length === 0) return [];
  const ids = [...webhookIds];
  await db
    .update(webhooks)
    .set({ failingSince: sql`now()` })
    .where(and(inArray(webhooks.id, ids), isNull(webhooks.failingSince)));
  return db
    .update(webhooks)
    .set({
      status: "disabled",
      disabledAt: sql`now()`,
      disabledReason: sql`'failing since ' || to_char(${webhooks.failingSince} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') || ': every attempt failed for longer than the allowed period'`,
      updatedAt: sql`now()`,
    })
    .where(and(inArray(webhooks.id, ids), eq(webhooks.status, "active"), lt(webhooks.failingSince, sql`now() - ${`${disableAfterMs} milliseconds`}::interval`)))
    .returning({ id: webhooks.id, failingSince: webhooks.failingSince });
}

/** The receiver answered 410 Gone: it asked not to be called again. */
async function disableGoneWebhooks(tx: Transaction, webhookIds: string[]): Promise<void> {
  await tx
    .update(webhooks)
    .set({
      status: "disabled",
      disabledAt: sql`now()`,
      disabledReason: "the receiver answered 410 Gone",
      updatedAt: sql`now()`,
    })
    .where(and(inArray(webhooks.id, webhookIds), eq(webhooks.status, "active")));
}
