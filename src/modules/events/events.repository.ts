import { sql, type SQL } from "drizzle-orm";
import type { Transaction } from "../../db/client.js";
import { sendNow } from "../../db/send-now.js";
import type { NewEventRow } from "../../db/schema/index.js";

/** The NOTIFY channel readers LISTEN on; the payload is the highest event id of the commit (a wake-up only). */
export const EVENTS_CHANNEL = "listings_events";

/**
 * Transaction-scoped advisory lock that serialises event numbering. A fixed, arbitrary 64-bit key: any value
 * works as long as nothing else in the database uses it.
 */
const EVENTS_LOCK_KEY = 7_305_524_118_114_919_001n;

/**
 * Appends events to the outbox inside the caller's transaction, then wakes readers. Call it as the LAST
 * statement of the transaction: it takes a lock that is held until commit, so that events are numbered in
 * commit order (a transaction that takes ids later also commits later; readers never find a committed event
 * below an id they have passed). Holding it only for the tail of the transaction keeps writers parallel for
 * everything else.
 */
export async function appendEvents(tx: Transaction, rows: readonly NewEventRow[]): Promise<void> {
  await Promise.all(appendEventsStatements(rows).map((statement) => sendNow(tx, statement)));
}

/**
 * The statements of `appendEvents`, to be sent in this order and last in the transaction: the lock, then one
 * set-based statement that inserts every row (a JSON array bound as one parameter, so the statement text does
 * not depend on the number of rows) and sends the NOTIFY, which PostgreSQL delivers at commit. Built apart from
 * sending so that the ingest encodes a batch's rows before its turn comes (apply-batch.ts). None for no rows.
 */
export function appendEventsStatements(rows: readonly NewEventRow[]): SQL[] {
  if (rows.length === 0) return [];
  const lock = sql`select pg_advisory_xact_lock(${EVENTS_LOCK_KEY.toString()}::bigint)`;
  const records = rows.map((row) => ({
    type: row.type,
    resource: row.resource,
    resource_id: row.resourceId,
    property_id: row.propertyId,
    department: row.department,
    property_type: row.propertyType,
    transaction_type: row.transactionType,
    source_domains: row.sourceDomains ?? [],
    sirens: row.sirens ?? [],
    sirets: row.sirets ?? [],
    changed_fields: row.changedFields ?? [],
    listings: row.listings ?? null,
    view_only: row.viewOnly ?? false,
    occurred_at: row.occurredAt?.toISOString() ?? null,
  }));
  const insert = sql`
    with inserted as (
      insert into events (type, resource, resource_id, property_id, department, property_type, transaction_type,
                          source_domains, sirens, sirets, changed_fields, listings, view_only, occurred_at)
      select type, resource, resource_id, property_id, department, property_type, transaction_type,
             source_domains, sirens, sirets, changed_fields, listings, view_only, coalesce(occurred_at, now())
      from rows from (jsonb_to_recordset(${JSON.stringify(records)}::jsonb) as (
        type text, resource text, resource_id uuid, property_id uuid, department text, property_type text,
        transaction_type text, source_domains text[], sirens text[], sirets text[], changed_fields text[],
        listings jsonb, view_only boolean, occurred_at timestamptz)) with ordinality as e(type, resource, resource_id,
        property_id, department, property_type, transaction_type, source_domains, sirens, sirets, changed_fields,
        listings, view_only, occurred_at, position)
      order by position
      returning id
    )
    select pg_notify(${EVENTS_CHANNEL}, max(id)::text) from inserted`;
  return [lock, insert];
}
