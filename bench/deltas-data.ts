/**
 * Data for bench/deltas.ts: listings in every French department (one classified per property), accounts whose
 * contract is one department each, and a writer that commits changes with their events at a steady rate, the
 * way ingest does (the listing row and its event in one transaction).
 */
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Database } from "../src/db/client.js";
import { classifieds, properties, type ClassifiedRow, type NewEventRow } from "../src/db/schema/index.js";
import { PROPERTY_TYPES } from "../src/domain/enums.js";
import { listDepartments } from "../src/domain/geography.js";
import { createToken } from "../src/modules/auth/auth.service.js";
import { appendEvents } from "../src/modules/events/events.repository.js";
import { classifiedValues, propertyValues, type Place } from "../test/factories/listings.js";

export function placeOf(department: string): Place {
  return {
    department,
    inseeCode: `${department}001`.slice(0, 5),
    postcode: `${department}000`.slice(0, 5),
    cityName: `Ville ${department}`,
    latitude: 46,
    longitude: 2,
  };
}

/** Inserts `perDepartment` listings in every department, property types in turn; returns the classifieds. */
export async function insertListings(db: Database, perDepartment: number): Promise<ClassifiedRow[]> {
  const all: ClassifiedRow[] = [];
  for (const department of listDepartments()) {
    const place = placeOf(department);
    const propertyRows = Array.from({ length: perDepartment }, (_, i) =>
      propertyValues(place, { id: randomUUID(), propertyType: PROPERTY_TYPES[i % PROPERTY_TYPES.length] }),
    );
    await db.insert(properties).values(propertyRows);
    const classifiedRows = propertyRows.map((property, i) =>
      classifiedValues(property.id ?? randomUUID(), place, {
        propertyType: property.propertyType,
        sourceUrl: `https://www.seloger.com/annonces/bench/${department}-${i}-${randomUUID()}.htm`,
      }),
    );
    all.push(...(await db.insert(classifieds).values(classifiedRows).returning()));
  }
  return all;
}

/** One token per department, whose account's contract is that department. */
export async function departmentTokens(db: Database, label: string): Promise<Map<string, string>> {
  const tokens = new Map<string, string>();
  for (const department of listDepartments()) {
    const { secret } = await createToken(db, {
      email: `${label}-${department.toLowerCase()}@bench.example.fr`,
      name: `${label} ${department}`,
      plan: "enterprise500",
      contract: { allDepartments: false, departments: [department], sirens: [], sirets: [] },
      scopes: ["read", "webhooks"],
    });
    tokens.set(department, secret);
  }
  return tokens;
}

export function eventOf(classified: ClassifiedRow): NewEventRow {
  return {
    type: "updated",
    resource: "classified",
    resourceId: classified.id,
    propertyId: classified.propertyId,
    department: classified.department,
    propertyType: classified.propertyType,
    transactionType: classified.transactionType,
    sourceDomains: [classified.sourceDomain],
    sirens: classified.publisherSiren ? [classified.publisherSiren] : [],
    sirets: classified.publisherSiret ? [classified.publisherSiret] : [],
    changedFields: ["priceCurrent"],
  };
}

/** Changes the price of `batch` classifieds and records their events, in one transaction; returns when committed. */
export async function commitChanges(db: Database, batch: readonly ClassifiedRow[]): Promise<void> {
  await db.transaction(async (tx) => {
    const ids = `{${batch.map((c) => c.id).join(",")}}`;
    await tx.execute(sql`update classifieds set price_current = price_current + 1, last_modified_at = now() where id = any(${ids}::uuid[])`);
    await appendEvents(tx, batch.map(eventOf));
  });
}
