import { describe, expect, it } from "vitest";
import { hammingDistanceHex, isSameProperty, type MatchCandidate } from "../../src/domain/property-matching.js";
import { mayBeSameProperty, packHash, prefilterEntry } from "../../src/modules/ingest/match-prefilter.js";

describe("packHash", () => {
  it.each([
    ["0123456789abcdef", [0x01234567, 0x89abcdef]],
    ["0123456789ABCDEF", [0x01234567, 0x89abcdef]],
    ["ffffffff", [0xffffffff]],
    ["abc", [0xabc00000]],
    ["123456789", [0x12345678, 0x90000000]],
  ])("packs %s into words, the last one padded with zeros on the right", (hash, words) => {
    expect(packHash(hash)).toEqual({ length: hash.length, words: Uint32Array.from(words) });
  });

  it.each(["", "xyz", "12345g78", "c3d4 1b2", "c3d4a1b2e5f6071Z"])("refuses %j", (hash) => {
    expect(packHash(hash)).toBeUndefined();
  });
});

/** A deterministic pseudo-random sequence, so that a failure can be replayed. */
function randomSource(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

describe("mayBeSameProperty", () => {
  const random = randomSource(20_261_123);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const hex = (length: number) => Array.from({ length }, () => pick([..."0123456789abcdef"])).join("");
  /** `hash` with `bits` random bits flipped (possibly the same bit twice, so at most `bits` apart). */
  const flipped = (hash: string, bits: number) => {
    const digits = [...hash].map((digit) => Number.parseInt(digit, 16));
    for (let flip = 0; flip < bits; flip += 1) {
      const index = Math.floor(random() * digits.length);
      digits[index] = (digits[index] ?? 0) ^ (1 << Math.floor(random() * 4));
    }
    return digits.map((digit) => digit.toString(16)).join("");
  };
  const photos = Array.from({ length: 6 }, () => hex(16));
  const candidate = (): MatchCandidate => ({
    inseeCode: "75111",
    propertyType: "apartment",
    transactionType: "sale",
    area: pick([null, 40, 41, 60]),
    roomCount: pick([null, 2, 3]),
    bedroomCount: pick([null, 1, 2]),
    imageHashes: Array.from({ length: Math.floor(random() * 4) }, () => flipped(pick(photos), Math.floor(random() * 10))),
    publisherSiren: pick([null, "", "552100554", "732829320"]),
    publisherPhone: pick([null, "+33144556677", "+33612345678"]),
  });

  it("never turns away a pair that the domain rule matches, and turns away some that it does not", () => {
    let matched = 0;
    let turnedAway = 0;
    for (let pair = 0; pair < 5_000; pair += 1) {
      const a = candidate();
      const b = candidate();
      const may = mayBeSameProperty(prefilterEntry(a), prefilterEntry(b));
      if (isSameProperty(a, b)) {
        matched += 1;
        expect(may, JSON.stringify({ a, b })).toBe(true);
      }
      if (!may) turnedAway += 1;
    }
    expect(matched).toBeGreaterThan(100);
    expect(turnedAway).toBeGreaterThan(1_000);
  });

  it("tells close photos from distant ones as the domain's Hamming distance does", () => {
    const base = { ...candidate(), roomCount: null, bedroomCount: null, publisherSiren: null, publisherPhone: null };
    for (let pair = 0; pair < 2_000; pair += 1) {
      const photo = pick(photos);
      const other = flipped(photo, Math.floor(random() * 12));
      const may = mayBeSameProperty(prefilterEntry({ ...base, imageHashes: [photo] }), prefilterEntry({ ...base, imageHashes: [other] }));
      expect(may).toBe(hammingDistanceHex(photo, other) <= 6);
    }
  });

  it("packs an entry's photos once, on first comparison", () => {
    const entry = prefilterEntry({ ...candidate(), roomCount: null, bedroomCount: null, publisherSiren: null, publisherPhone: null, imageHashes: [photos[0] ?? ""] });
    expect(entry.packed).toBeUndefined();
    mayBeSameProperty(entry, prefilterEntry({ ...entry.match }));
    const packed = entry.packed;
    expect(packed).toHaveLength(1);
    mayBeSameProperty(entry, prefilterEntry({ ...entry.match }));
    expect(entry.packed).toBe(packed);
  });
});
