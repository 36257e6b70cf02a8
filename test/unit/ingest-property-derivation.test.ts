import { describe, expect, it } from "vitest";
import type { ClassifiedRow } from "../../src/db/schema/index.js";
import { deriveProperty, publisherViewChanges, type PropertyMember } from "../../src/modules/ingest/property-derivation.js";
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

describe("publisherViewChanges", () => {
  /** A classified of publisher `siren` whose price moved from `before` to `after` in this batch. */
  function changed(siren: string, before: number, after: number): PropertyMember {
    const { row } = member(`Appartement ${siren}`, before);
    const was = { ...row, id: `0190f0e0-0000-7000-8000-${siren.padStart(12, "0")}`, publisherSiren: siren, publisherSiret: null, priceCurrent: before };
    return { row: { ...was, priceCurrent: after }, before: was };
  }

  it("names what changed in a cause's publisher's own view of the property, which the stored property may not show", () => {
    const own = changed("732829320", 650_000, 630_000);
    const other = changed("552100554", 600_000, 600_000);
    // The stored property keeps the other's lower price; ours, seen alone, moved.
    expect(
      deriveProperty(
        PROPERTY_ID,
        [own, other],
        deriveProperty(
          PROPERTY_ID,
          [own, other].map(({ before }) => ({ row: before!, before })),
          undefined,
        ).row,
      ).changedFields,
    ).toEqual([]);
    expect(publisherViewChanges(PROPERTY_ID, [own, other], [own.row])).toEqual(["priceCurrent", "pricePerSquareMeter"]);
    // Nothing the other's own view shows changed.
    expect(publisherViewChanges(PROPERTY_ID, [own, other], [other.row])).toEqual([]);
  });
});
