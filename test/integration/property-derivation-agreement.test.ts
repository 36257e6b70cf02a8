import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { classifieds, properties, type ClassifiedRow, type PropertyRow } from "../../src/db/schema/index.js";
import type { ListingStatus } from "../../src/domain/enums.js";
import { partialPropertyView } from "../../src/modules/access/partial-property-view.js";
import { deriveProperty } from "../../src/modules/ingest/property-derivation.js";
import { seededRandom } from "../factories/generated-listings.js";
import { PLACES, classifiedValues, propertyValues } from "../factories/listings.js";
import { rowsOf } from "../../src/db/result-rows.js";
import { createTestDatabase, type TestDatabase } from "../support/database.js";

/**
 * A property's columns are derived from its classifieds twice: by the ingest (property-derivation.ts, over every
 * classified) and, for a caller who sees only some of them, by SQL at read time (partial-property-view.ts,
 * over the visible ones). Both must apply one rule. Random properties, with ties on purpose (same times, same
 * prices, missing coordinates, every status, prices that divide to a half euro per m²), are derived both ways
 * over all their classifieds and must agree on every column the rule defines. Price history, initial price and
 * the modification time are the exceptions the view documents (they come from the price-holding classified,
 * not from the property's own record); the search text is compared by the words the search finds in it (the
 * view does not drop a text repeated by two classifieds).
 */
describe("the property derivation, in the ingest and in the partial view", () => {
  let database: TestDatabase;
  const derived = new Map<string, PropertyRow>();
  const random = seededRandom(20261125);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const STATUSES: readonly ListingStatus[] = ["available", "underOffer", "sold", "rented", "removed"];
  const TIMES = [0, 1, 2].map((day) => new Date(Date.UTC(2026, 10, 20 + day, 8)));

  beforeAll(async () => {
    database = await createTestDatabase();
    for (let n = 0; n < 120; n += 1) {
      const place = pick(PLACES);
      const propertyId = randomUUID();
      await database.db.insert(properties).values(propertyValues(place, { id: propertyId }));
      const members = Array.from({ length: 1 + Math.floor(random() * 4) }, () =>
        classifiedValues(propertyId, place, {
          id: randomUUID(),
          status: pick(STATUSES),
          sourceDomain: pick(["seloger.com", "leboncoin.fr", "pap.fr"]),
          title: pick(["Appartement T3", "Trois pièces lumineux", null]),
          description: pick(["Au 3e étage.", "Proche métro, refait à neuf.", null]),
          area: pick([40, 62.5, 100, null]),
          roomCount: pick([2, 3, null]),
          latitude: random() < 0.3 ? null : place.latitude + random() / 100,
          longitude: place.longitude,
          priceCurrent: pick([250_050, 399_000, 420_000]),
          firstSeenAt: pick(TIMES),
          lastSeenAt: pick(TIMES),
          lastModifiedAt: pick(TIMES),
        }),
      );
      for (const member of members) if (member.latitude === null) member.longitude = null;
      await database.db.insert(classifieds).values(members);
      const rows = await database.db.select().from(classifieds).where(eq(classifieds.propertyId, propertyId));
      derived.set(
        propertyId,
        deriveProperty(
          propertyId,
          rows.map((row: ClassifiedRow) => ({ row, before: undefined })),
          undefined,
        ).row,
      );
    }
  });
  afterAll(async () => {
    await database?.close();
  });

  it("agrees on every column of the rule, for every property", async () => {
    const view = partialPropertyView(() => sql`true`);
    type ViewRow = Record<string, unknown> & { id: string };
    const rows = rowsOf<ViewRow>(
      await database.db.execute(sql`
        select id, lead_classified_id, status, description, property_type, transaction_type, insee_code, city_name,
          postcode, department, latitude, longitude, area, room_count, bedroom_count, balcony_exists, garden_exists,
          is_program, dpe_label, ges_label, price_current, price_per_square_meter, source_domains,
          source_domains_count, first_seen_at, last_seen_at, tsvector_to_array(search_vector) as search_words
        from (${view}) v`),
    );
    expect(rows.length).toBe(derived.size);
    for (const row of rows) {
      const expected = derived.get(row.id) as PropertyRow;
      const [{ words } = { words: [] }] = rowsOf<{ words: string[] }>(
        await database.db.execute(sql`select tsvector_to_array(to_tsvector('french_unaccent'::regconfig, ${expected.searchText})) as words`),
      );
      const asDerived = {
        id: expected.id,
        lead_classified_id: expected.leadClassifiedId,
        status: expected.status,
        description: expected.description,
        property_type: expected.propertyType,
        transaction_type: expected.transactionType,
        insee_code: expected.inseeCode,
        city_name: expected.cityName,
        postcode: expected.postcode,
        department: expected.department,
        latitude: expected.latitude,
        longitude: expected.longitude,
        area: expected.area,
        room_count: expected.roomCount,
        bedroom_count: expected.bedroomCount,
        balcony_exists: expected.balconyExists,
        garden_exists: expected.gardenExists,
        is_program: expected.isProgram,
        dpe_label: expected.dpeLabel,
        ges_label: expected.gesLabel,
        price_current: expected.priceCurrent,
        price_per_square_meter: expected.pricePerSquareMeter,
        source_domains: expected.sourceDomains,
        source_domains_count: expected.sourceDomainsCount,
        first_seen_at: expected.firstSeenAt.toISOString(),
        last_seen_at: expected.lastSeenAt.toISOString(),
        search_words: words,
      };
      const asViewed = {
        ...row,
        first_seen_at: new Date(String(row["first_seen_at"])).toISOString(),
        last_seen_at: new Date(String(row["last_seen_at"])).toISOString(),
      };
      expect(asViewed, row.id).toEqual(asDerived);
    }
  });
});
