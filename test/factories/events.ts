import { desc } from "drizzle-orm";
import type { Database } from "../../src/db/client.js";
import { events, type ClassifiedRow, type EventRow, type NewEventRow, type PropertyRow } from "../../src/db/schema/index.js";
import type { EventType } from "../../src/domain/enums.js";
import { appendEvents } from "../../src/modules/events/events.repository.js";

/**
 * Event rows for listings written by the listing factories, the way the ingest pipeline records them
 * (denormalised contract and filter columns), so delta tests do not depend on ingest.
 */
export function classifiedEvent(classified: ClassifiedRow, type: EventType = "created"): NewEventRow {
  return {
    type,
    resource: "classified",
    resourceId: classified.id,
    propertyId: classified.propertyId,
    department: classified.department,
    propertyType: classified.propertyType,
    transactionType: classified.transactionType,
    sourceDomains: [classified.sourceDomain],
    sirens: classified.publisherSiren ? [classified.publisherSiren] : [],
    sirets: classified.publisherSiret ? [classified.publisherSiret] : [],
  };
}

export function propertyEvent(property: PropertyRow, classifieds: ClassifiedRow[], type: EventType = "created"): NewEventRow {
  return {
    type,
    resource: "property",
    resourceId: property.id,
    propertyId: property.id,
    department: property.department,
    propertyType: property.propertyType,
    transactionType: property.transactionType,
    sourceDomains: [...new Set(classifieds.map((c) => c.sourceDomain))],
    sirens: [...new Set(classifieds.flatMap((c) => (c.publisherSiren ? [c.publisherSiren] : [])))],
    sirets: [...new Set(classifieds.flatMap((c) => (c.publisherSiret ? [c.publisherSiret] : [])))],
  };
}

/**
 * Commits events in one transaction through the events repository (numbered in commit order, NOTIFY at commit),
 * and returns them as stored.
 */
export async function recordEvents(db: Database, rows: NewEventRow[]): Promise<EventRow[]> {
  if (rows.length === 0) return [];
  return db.transaction(async (tx) => {
    await appendEvents(tx, rows);
    // The numbering lock is held until commit: the newest rows are this transaction's.
    const inserted = await tx.select().from(events).orderBy(desc(events.id)).limit(rows.length);
    return inserted.reverse();
  });
}
