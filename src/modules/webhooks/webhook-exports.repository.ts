import { and, asc, desc, eq, gt, gte, isNull, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import {
  accounts,
  classifieds,
  webhookDeliveries,
  webhookExports,
  webhooks,
  type ClassifiedRow,
  type NewWebhookDeliveryRow,
  type WebhookExportRow,
  type WebhookFilterValue,
} from "../../db/schema/index.js";
import type { Contract } from "../../domain/contract.js";
import { classifiedVisible } from "../access/access.repository.js";
import { textArrayLiteral } from "../loader-order.js";

/** Bulk export runs of `classifieds-export` webhooks and the classifieds they read. */

export async function insertExport(db: Database, webhookId: string, since: Date | null): Promise<WebhookExportRow> {
  const [row] = await db.insert(webhookExports).values({ webhookId, since }).returning();
  if (!row) throw new Error("export insert returned no row");
  return row;
}

/** A running export whose previous batch is settled, with what its next batch needs. */
export type ExportToContinue = {
  exportId: string;
  webhookId: string;
  accountId: string;
  since: Date | null;
  afterClassifiedId: string | null;
  filter: WebhookFilterValue;
  contract: Contract;
};

/** Running exports of active webhooks with no batch pending: the ones ready for their next batch. */
export async function exportsReadyForNextBatch(db: Database): Promise<ExportToContinue[]> {
  const rows = await db
    .select({
      exportId: webhookExports.id,
      webhookId: webhooks.id,
      accountId: webhooks.accountId,
      since: webhookExports.since,
      afterClassifiedId: webhookExports.afterClassifiedId,
      filter: webhooks.filter,
      allDepartments: accounts.allDepartments,
      departments: accounts.departments,
      sirens: accounts.sirens,
      sirets: accounts.sirets,
    })
    .from(webhookExports)
    .innerJoin(webhooks, eq(webhooks.id, webhookExports.webhookId))
    .innerJoin(accounts, eq(accounts.id, webhooks.accountId))
    .where(
      and(
        eq(webhookExports.status, "running"),
        eq(webhooks.status, "active"),
        sql`not exists (select 1 from ${webhookDeliveries} d where d.webhook_id = ${webhooks.id}
              and d.ordering_key = 'export:' || ${webhookExports.id}::text and d.status = 'pending')`,
      ),
    )
    .orderBy(asc(webhookExports.createdAt));
  return rows.map(({ allDepartments, departments, sirens, sirets, ...rest }) => ({
    ...rest,
    contract: { allDepartments, departments, sirens, sirets },
  }));
}

/** The stream filter of a webhook as SQL on classifieds (absent or empty lists do not filter). */
function classifiedMatches(filter: WebhookFilterValue): SQL | undefined {
  const any = (column: SQL | typeof classifieds.department, values: string[] | undefined) =>
    values && values.length > 0 ? sql`${column} = any(${textArrayLiteral(values)}::text[])` : undefined;
  const publishers =
    (filter.sirens?.length ?? 0) > 0 || (filter.sirets?.length ?? 0) > 0
      ? sql`(${any(sql`${classifieds.publisherSiren}`, filter.sirens) ?? sql`false`} or ${any(sql`${classifieds.publisherSiret}`, filter.sirets) ?? sql`false`})`
      : undefined;
  return and(
    any(classifieds.department, filter.departments),
    any(sql`${classifieds.propertyType}`, filter.propertyTypes),
    any(sql`${classifieds.transactionType}`, filter.transactionTypes),
    any(sql`${classifieds.sourceDomain}`, filter.sourceDomains),
    publishers,
  );
}

/** The next classifieds of an export (by id, after `afterId`), within the contract and the filter. */
export async function findExportBatch(
  db: Database,
  job: Pick<ExportToContinue, "contract" | "filter" | "since" | "afterClassifiedId">,
  limit: number,
): Promise<ClassifiedRow[]> {
  return db
    .select()
    .from(classifieds)
    .where(
      and(
        classifiedVisible(job.contract),
        classifiedMatches(job.filter),
        job.since ? gte(classifieds.lastModifiedAt, job.since) : undefined,
        job.afterClassifiedId ? gt(classifieds.id, job.afterClassifiedId) : undefined,
      ),
    )
    .orderBy(asc(classifieds.id))
    .limit(limit);
}

/** The most recently modified classified within the contract and filter (a sample for test deliveries). */
export async function latestMatchingClassified(db: Database, contract: Contract, filter: WebhookFilterValue): Promise<ClassifiedRow | undefined> {
  const [row] = await db
    .select()
    .from(classifieds)
    .where(and(classifiedVisible(contract), classifiedMatches(filter)))
    .orderBy(desc(classifieds.lastModifiedAt))
    .limit(1);
  return row;
}

/**
 * Records one batch of an export and moves its keyset position, atomically and only if the position is still
 * `expectedAfter` (another process may have recorded the same batch). `done` ends the run.
 */
export async function recordExportBatch(
  db: Database,
  input: {
    exportId: string;
    expectedAfter: string | null;
    nextAfter: string | null;
    items: number;
    done: boolean;
    delivery: NewWebhookDeliveryRow | null;
  },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    // The webhook first, then its export: the order in which deleting a webhook locks them (its row, then the
    // cascade). Taking the export first deadlocked against a concurrent delete, which then failed.
    await tx.execute(sql`select 1 from ${webhooks}
      where ${webhooks.id} = (select ${webhookExports.webhookId} from ${webhookExports} where ${webhookExports.id} = ${input.exportId})
      for key share`);
    const moved = await tx
      .update(webhookExports)
      .set({
        afterClassifiedId: input.nextAfter,
        batchCount: input.delivery ? sql`${webhookExports.batchCount} + 1` : sql`${webhookExports.batchCount}`,
        itemCount: sql`${webhookExports.itemCount} + ${input.items}`,
        ...(input.done ? { status: "done", completedAt: sql`now()` } : {}),
      })
      .where(
        and(
          eq(webhookExports.id, input.exportId),
          eq(webhookExports.status, "running"),
          input.expectedAfter === null ? isNull(webhookExports.afterClassifiedId) : eq(webhookExports.afterClassifiedId, input.expectedAfter),
        ),
      )
      .returning({ id: webhookExports.id });
    if (moved.length === 0) return false;
    if (input.delivery) await tx.insert(webhookDeliveries).values(input.delivery);
    return true;
  });
}

export async function listExportsOfWebhook(db: Database, webhookId: string, limit: number): Promise<WebhookExportRow[]> {
  return db.select().from(webhookExports).where(eq(webhookExports.webhookId, webhookId)).orderBy(desc(webhookExports.createdAt)).limit(limit);
}
