import { asc, eq, sql } from "drizzle-orm";
import type { Database } from "../../src/db/client.js";
import {
  classifiedImageLists,
  imagesOfList,
  type ClassifiedImageRow,
  classifiedPriceHistory,
  classifieds,
  events,
  properties,
  type ClassifiedRow,
  type EventRow,
  type PropertyRow,
} from "../../src/db/schema/index.js";
import { canonicalUrlKey } from "../../src/domain/url-key.js";
import { ingestLines, type IngestReject, type IngestSummary } from "../../src/modules/ingest/ingest.service.js";
import { toLines } from "../factories/observations.js";

/** Fixed clock for ingest tests: the factories' observations are dated November 2026. */
export const TEST_NOW = () => new Date("2026-12-31T00:00:00Z");

export async function ingest(
  db: Database,
  items: ReadonlyArray<Record<string, unknown> | string>,
  options: { batchSize?: number } = {},
): Promise<{ summary: IngestSummary; rejects: IngestReject[] }> {
  const rejects: IngestReject[] = [];
  const summary = await ingestLines(db, toLines(items), { now: TEST_NOW, onReject: (r) => rejects.push(r), ...options });
  return { summary, rejects };
}

export function urlOf(observation: Record<string, unknown>): string {
  const source = observation["source"];
  if (typeof source !== "object" || source === null || !("url" in source) || typeof source.url !== "string") {
    throw new Error("observation without source.url");
  }
  return source.url;
}

export async function classifiedOf(db: Database, observation: Record<string, unknown>): Promise<ClassifiedRow> {
  const key = canonicalUrlKey(urlOf(observation)) ?? "";
  const [row] = await db.select().from(classifieds).where(eq(classifieds.urlKey, key));
  if (!row) throw new Error(`no classified for ${key}`);
  return row;
}

export async function propertyById(db: Database, id: string): Promise<PropertyRow> {
  const [row] = await db.select().from(properties).where(eq(properties.id, id));
  if (!row) throw new Error(`no property ${id}`);
  return row;
}

export async function priceHistoryOf(db: Database, classifiedId: string) {
  return db
    .select({ value: classifiedPriceHistory.value, observedAt: classifiedPriceHistory.observedAt })
    .from(classifiedPriceHistory)
    .where(eq(classifiedPriceHistory.classifiedId, classifiedId))
    .orderBy(asc(classifiedPriceHistory.observedAt));
}

/** The classified's stored images, in position order (none when it has no list). */
export async function imagesOf(db: Database, classifiedId: string): Promise<ClassifiedImageRow[]> {
  const [list] = await db.select().from(classifiedImageLists).where(eq(classifiedImageLists.classifiedId, classifiedId));
  return list === undefined ? [] : imagesOfList(list.classifiedId, list.images);
}

export async function eventsOf(db: Database, resourceId: string): Promise<EventRow[]> {
  return db.select().from(events).where(eq(events.resourceId, resourceId)).orderBy(asc(events.id));
}

export async function eventCount(db: Database): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(events);
  return row?.n ?? 0;
}

/** Every row of the listing tables, for before/after comparisons. */
export async function snapshot(db: Database) {
  return {
    classifieds: await db.select().from(classifieds).orderBy(asc(classifieds.id)),
    properties: await db.select().from(properties).orderBy(asc(properties.id)),
    priceHistory: await db.select().from(classifiedPriceHistory).orderBy(asc(classifiedPriceHistory.id)),
    images: await db.select().from(classifiedImageLists).orderBy(asc(classifiedImageLists.classifiedId)),
    events: await eventCount(db),
  };
}
