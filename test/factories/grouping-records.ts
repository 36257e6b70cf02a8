import { groupingZoneOf } from "../../src/domain/grouping/grouping-zone.js";
import type { GroupingRecord } from "../../src/domain/grouping/pair-score.js";

/**
 * A grouping record that says nothing but its key and block: every other field unknown, and a portal of its own
 * (one publisher's two adverts on one portal say something). Tests add what they compare; the zone is the commune's
 * unless given.
 */
export function groupingRecord(key: string, fields: Partial<GroupingRecord>): GroupingRecord {
  const inseeCode = fields.inseeCode ?? "75111";
  return {
    key,
    inseeCode,
    zone: groupingZoneOf(inseeCode),
    groupingType: "apartment",
    transactionType: "sale",
    area: null,
    landArea: null,
    roomCount: null,
    bedroomCount: null,
    floor: null,
    price: 0,
    photos: [],
    textSignature: null,
    condominiumLots: null,
    condominiumCharges: null,
    lot: null,
    sourceDomain: `${key}.example`,
    firstSeen: 0,
    publisherSiret: null,
    publisherSiren: null,
    publisherType: null,
    publisherPhone: null,
    publisherName: null,
    publisherEmail: null,
    publisherIsProfessional: null,
    contactPhone: null,
    isExclusiveMandate: null,
    latitude: null,
    longitude: null,
    dpeLabel: null,
    dpeValue: null,
    gesLabel: null,
    gesValue: null,
    constructionYear: null,
    isNewBuild: false,
    flags: [],
    ...fields,
  };
}
