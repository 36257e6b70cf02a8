import { describe, expect, it } from "vitest";
import { groupingRecord } from "../factories/grouping-records.js";
import { clusterRecords } from "../../src/domain/grouping/cluster.js";
import { blockPairs } from "../../src/domain/grouping/cluster.js";
import { areNeighbours, groupingZoneOf, neighboursOf } from "../../src/domain/grouping/grouping-zone.js";
import { sameBlock, worthComparing } from "../../src/domain/grouping/pair-features.js";
import { packPhotos } from "../../src/domain/grouping/photo-hash.js";
import type { GroupingRecord } from "../../src/domain/grouping/pair-score.js";
import { candidateWindows, mergeWindows } from "../../src/modules/ingest/property-assignment.js";

const STRASBOURG = "67482";
const SCHILTIGHEIM = "67447";
const HAGUENAU = "67180";
// Both 33127, in two intercommunalities (Martignas in Bordeaux Métropole); Bordeaux shares no postcode with the first.
const SAINT_JEAN_D_ILLAC = "33422";
const MARTIGNAS = "33273";
const BORDEAUX = "33063";

let keys = 0;
function flat(inseeCode: string, overrides: Partial<GroupingRecord> = {}): GroupingRecord {
  keys += 1;
  return groupingRecord(`portal${keys}.fr/${keys}`, {
    inseeCode,
    area: 62,
    roomCount: 3,
    bedroomCount: 2,
    price: 310_000,
    photos: packPhotos(["c3d4a1b2e5f60718", "5a5a3c3c0ff01234"]),
    ...overrides,
  });
}

describe("grouping zones", () => {
  it("puts the communes of one intercommunality in one zone, and a city's arrondissements in its own", () => {
    expect(groupingZoneOf(SCHILTIGHEIM)).toBe(groupingZoneOf(STRASBOURG));
    expect(groupingZoneOf(HAGUENAU)).not.toBe(groupingZoneOf(STRASBOURG));
    expect(groupingZoneOf("75111")).toBe(groupingZoneOf("75112"));
    expect(groupingZoneOf("13206")).toBe(groupingZoneOf("13208")); // Marseille's 6th and 8th arrondissements
  });

  it("makes neighbours of the communes of one intercommunality, and of communes that share a postcode", () => {
    expect(areNeighbours(SCHILTIGHEIM, STRASBOURG)).toBe(true);
    expect(areNeighbours(SAINT_JEAN_D_ILLAC, MARTIGNAS)).toBe(true);
    expect(areNeighbours(MARTIGNAS, BORDEAUX)).toBe(true); // one intercommunality
    expect(areNeighbours(SAINT_JEAN_D_ILLAC, BORDEAUX)).toBe(false);
    expect(areNeighbours(STRASBOURG, HAGUENAU)).toBe(false);
    expect(neighboursOf(SAINT_JEAN_D_ILLAC)).toContain(MARTIGNAS);
    expect(neighboursOf(SAINT_JEAN_D_ILLAC)).not.toContain(SAINT_JEAN_D_ILLAC);
    expect(neighboursOf(SAINT_JEAN_D_ILLAC)).not.toContain(BORDEAUX);
    expect(neighboursOf("99999")).toEqual([]);
  });

  it("joins neighbours step by step into one zone, so that every pair of neighbours is in one block", () => {
    expect(groupingZoneOf(SAINT_JEAN_D_ILLAC)).toBe(groupingZoneOf(MARTIGNAS));
    expect(groupingZoneOf(SAINT_JEAN_D_ILLAC)).toBe(groupingZoneOf(BORDEAUX));
    for (const commune of [SAINT_JEAN_D_ILLAC, STRASBOURG, "75118", "44150"])
      for (const neighbour of neighboursOf(commune)) expect(groupingZoneOf(neighbour), `${commune} and ${neighbour}`).toBe(groupingZoneOf(commune));
  });

  it("never lets a zone cross a department, nor group codes it does not know", () => {
    // Paris and Boulogne-Billancourt are both in the Métropole du Grand Paris.
    expect(groupingZoneOf("75111")).not.toBe(groupingZoneOf("92012"));
    expect(groupingZoneOf("99999")).toBe("99999");
  });
});

describe("classifieds of neighbouring communes", () => {
  it("are compared only when both give close areas and prices", () => {
    const strasbourg = flat(STRASBOURG);
    expect(sameBlock(strasbourg, flat(SCHILTIGHEIM))).toBe(true);
    expect(worthComparing(strasbourg, flat(SCHILTIGHEIM, { area: 63, price: 300_000 }))).toBe(true);
    expect(worthComparing(strasbourg, flat(SCHILTIGHEIM, { area: 63.5 }))).toBe(false); // 2.4% apart
    expect(worthComparing(strasbourg, flat(SCHILTIGHEIM, { area: 56 }))).toBe(false); // 10% apart: fine within one commune
    expect(worthComparing(strasbourg, flat(STRASBOURG, { area: 56 }))).toBe(true);
    expect(worthComparing(strasbourg, flat(SCHILTIGHEIM, { price: 330_000 }))).toBe(false); // 6% apart
    expect(worthComparing(strasbourg, flat(SCHILTIGHEIM, { area: null }))).toBe(false);
    expect(sameBlock(strasbourg, flat(HAGUENAU))).toBe(false);
    // One zone, but not neighbours.
    expect(sameBlock(flat(SAINT_JEAN_D_ILLAC), flat(BORDEAUX))).toBe(true);
    expect(worthComparing(flat(SAINT_JEAN_D_ILLAC), flat(BORDEAUX))).toBe(false);
    expect(worthComparing(flat(SAINT_JEAN_D_ILLAC), flat(MARTIGNAS))).toBe(true);
  });

  it("are the pairs a block compares, and no others", () => {
    // A seeded walk over areas, prices and communes (some neighbours, some not), a few areas unknown.
    let state = 7;
    const next = () => (state = (state * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
    const communes = [SAINT_JEAN_D_ILLAC, MARTIGNAS, BORDEAUX];
    const block = Array.from({ length: 300 }, () =>
      flat(communes[Math.floor(next() * communes.length)] as string, {
        area: next() < 0.05 ? null : Math.round((40 + next() * 20) * 2) / 2,
        price: 280_000 + Math.round(next() * 30) * 1_000,
      }),
    ).sort((a, b) => (a.key < b.key ? -1 : 1));
    const expected: string[] = [];
    for (let a = 0; a < block.length; a += 1)
      for (let b = a + 1; b < block.length; b += 1) if (worthComparing(block[a] as GroupingRecord, block[b] as GroupingRecord)) expected.push(`${a}-${b}`);
    const found = blockPairs(block).map(({ a, b }) => `${a}-${b}`);
    expect(found.sort()).toEqual(expected.sort());
    expect(
      found.some((pair) =>
        pair
          .split("-")
          .map(Number)
          .some((index) => block[index]?.inseeCode === BORDEAUX),
      ),
    ).toBe(true);
  });

  it("become one property when they are copies of one flat, whatever the order", () => {
    const records = [flat(STRASBOURG, { floor: 3 }), flat(SCHILTIGHEIM, { floor: 3, area: 61.5 }), flat(HAGUENAU, { floor: 3 })];
    for (const order of [records, [...records].reverse()]) {
      const groups = clusterRecords(order).map((group) => group.map((record) => record.inseeCode).sort());
      expect(groups).toEqual(expect.arrayContaining([[SCHILTIGHEIM, STRASBOURG], [HAGUENAU]]));
      expect(groups).toHaveLength(2);
    }
  });
});

describe("candidate windows of a classified", () => {
  const row = { inseeCode: STRASBOURG, department: "67", groupingType: "apartment", transactionType: "sale", area: 62, roomCount: 3, priceCurrent: 310_000 };

  it("search its commune by area, and its zone's communes by close area and price", () => {
    const windows = candidateWindows(row);
    expect(windows.filter((window) => window.kind === "commune" && window.place === STRASBOURG)).toHaveLength(3); // its area and two decimal shifts
    const zones = windows.filter((window) => window.kind === "zone");
    expect(zones).toEqual([expect.objectContaining({ place: groupingZoneOf(STRASBOURG), department: "67", priceMin: 297_600 })]);
    expect(zones[0]?.areaMin).toBeCloseTo(60.88, 2); // within 1% and half a m²
    expect(zones[0]?.areaMax).toBeCloseTo(63.13, 2);
    expect(zones[0]?.priceMax).toBeCloseTo(322_917, 0); // within 4%
  });

  it("search the communes neighbouring it, not the rest of its zone", () => {
    const zones = candidateWindows({ ...row, inseeCode: SAINT_JEAN_D_ILLAC, department: "33" }).filter((window) => window.kind === "zone");
    expect(zones).toHaveLength(1);
    expect(zones[0]?.neighbours).toContain(MARTIGNAS);
    expect(zones[0]?.neighbours).not.toContain(BORDEAUX);
  });

  it("search a commune alone by area when its area is unknown or it has no zone, and join zone windows whose areas and prices overlap", () => {
    expect(candidateWindows({ ...row, area: null })).toEqual([expect.objectContaining({ kind: "commune", areaMin: null, priceMin: null })]);
    expect(candidateWindows({ ...row, inseeCode: "99999" }).map((window) => window.kind)).toEqual(["commune", "commune", "commune"]);
    const merged = mergeWindows([...candidateWindows(row), ...candidateWindows({ ...row, area: 64, priceCurrent: 330_000 })]);
    const zones = merged.filter((window) => window.kind === "zone");
    expect(zones).toHaveLength(1);
    expect(zones[0]).toMatchObject({ priceMin: 297_600 });
    expect(zones[0]?.priceMax).toBeCloseTo(343_750, 0);
    // Close areas, prices far apart: two windows, so that neither reads the prices between them.
    const apart = mergeWindows([...candidateWindows(row), ...candidateWindows({ ...row, area: 63, priceCurrent: 520_000 })]);
    expect(apart.filter((window) => window.kind === "zone")).toHaveLength(2);
  });
});
