import { describe, expect, it } from "vitest";
import type { ClassifiedRow } from "../../src/db/schema/index.js";
import { deriveProperty, type PropertyMember } from "../../src/modules/ingest/property-derivation.js";
import { PLACES, classifiedValues } from "../factories/listings.js";

const PROPERTY_ID = "0190f0e0-0000-7000-8000-000000000001";
const SEEN = new Date("2026-11-20T08:00:00Z");

/** A stored classified of the property, first seen at the same time as the others. */
function member(title: string, priceInitial: number): PropertyMember {
  const row = {
    ...classifiedValues(PROPERTY_ID, PLACES[0]!, { title, description: `${title}, description`, priceInitial, priceCurrent: 300_000 }),
    firstSeenAt: SEEN,
    lastSeenAt: SEEN,
    lastModifiedAt: SEEN,
  } as ClassifiedRow;
  return { row, before: row };
}

describe("deriveProperty", () => {
  it("derives the same property whatever the order its classifieds come in", () => {
    const members = [member("Appartement A", 310_000), member("Appartement B", 320_000), member("Appartement C", 330_000)];
    const orders = [members, [...members].reverse(), [members[1]!, members[2]!, members[0]!]];
    const derived = orders.map((order) => deriveProperty(PROPERTY_ID, order, undefined).row);
    expect(derived[1]).toEqual(derived[0]);
    expect(derived[2]).toEqual(derived[0]);
  });
});
