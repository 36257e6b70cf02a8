import { describe, expect, it } from "vitest";
import {
  hammingDistanceHex,
  isSameProperty,
  matchScore,
  type MatchCandidate,
} from "../../src/domain/property-matching.js";

// Realistic 64-bit perceptual hashes: PHOTO_x_RECOMPRESSED differs from PHOTO_x by a few bits.
const PHOTO_LIVING = "c3d4a1b2e5f60718";
const PHOTO_LIVING_RECOMPRESSED = "c3d4a1b2e5f60719"; // 1 bit
const PHOTO_LIVING_WATERMARKED = "c3d4a1b2e5f6071f"; // 3 bits
const PHOTO_KITCHEN = "5a5a3c3c0ff01234";
const PHOTO_KITCHEN_RESIZED = "5a5a3c3c0ff01235"; // 1 bit
const PHOTO_OTHER_FLAT = "8e1f4d2c7b6a5948";
const BLANK = "0000000000000000";
const NEAR_BLANK = "0000000000000003";

const base: MatchCandidate = {
  inseeCode: "75111",
  propertyType: "apartment",
  transactionType: "sale",
  area: 62,
  roomCount: 3,
  bedroomCount: 2,
  imageHashes: [PHOTO_LIVING, PHOTO_KITCHEN],
  publisherSiren: "552100554",
  publisherPhone: "+33144556677",
};
const other = (changes: Partial<MatchCandidate>): MatchCandidate => ({ ...base, ...changes });
const noEvidence: Partial<MatchCandidate> = { imageHashes: [PHOTO_OTHER_FLAT], publisherSiren: "732829320", publisherPhone: "+33612345678" };

describe("hammingDistanceHex", () => {
  it.each([
    [PHOTO_LIVING, PHOTO_LIVING, 0],
    [PHOTO_LIVING, PHOTO_LIVING_RECOMPRESSED, 1],
    [PHOTO_LIVING, PHOTO_LIVING_WATERMARKED, 3],
    [PHOTO_LIVING, PHOTO_LIVING.toUpperCase(), 0],
    ["0", "f", 4],
    ["00", "ff", 8],
    ["0000000000000000", "ffffffffffffffff", 64],
    ["a5", "5a", 8],
    ["a5", "a4", 1],
    ["abc", "abcd", Number.POSITIVE_INFINITY],
    ["", "", Number.POSITIVE_INFINITY],
    ["zz", "00", Number.POSITIVE_INFINITY],
    ["é0", "00", Number.POSITIVE_INFINITY],
    ["0x12", "0x12", Number.POSITIVE_INFINITY],
  ])("%j vs %j -> %d", (a, b, expected) => {
    expect(hammingDistanceHex(a, b)).toBe(expected);
  });

  it("the fixture 'six bits apart' really is", () => {
    expect(hammingDistanceHex(PHOTO_LIVING, "c3d4a1b2e5f6f71b")).toBe(6);
    expect(hammingDistanceHex(PHOTO_LIVING, "c3d4a1b2e5f6f71f")).toBe(7);
  });
});

describe("isSameProperty", () => {
  // [case, changes to the existing property, changes to the new classified, same?]
  it.each<[string, Partial<MatchCandidate>, Partial<MatchCandidate>, boolean]>([
    // Matches.
    ["identical", {}, {}, true],
    ["same photo recompressed, other agency", {}, { ...noEvidence, imageHashes: [PHOTO_LIVING_RECOMPRESSED] }, true],
    ["same photo watermarked", {}, { ...noEvidence, imageHashes: [PHOTO_OTHER_FLAT, PHOTO_LIVING_WATERMARKED] }, true],
    ["photo exactly 6 bits apart", {}, { ...noEvidence, imageHashes: ["c3d4a1b2e5f6f71b"] }, true],
    ["same SIREN, no shared photo", {}, { imageHashes: [], publisherPhone: null }, true],
    ["same phone, no SIREN, no photo", {}, { imageHashes: [], publisherSiren: null }, true],
    ["area rounded (62 vs 62.4)", {}, { area: 62.4 }, true],
    ["area within 3% (100 vs 103)", { area: 100 }, { area: 103 }, true],
    ["small area within 1 m² (9 vs 10)", { area: 9 }, { area: 10 }, true],
    ["room count unknown on one side", {}, { roomCount: null }, true],
    ["bedroom count unknown on one side", {}, { bedroomCount: null }, true],
    ["area unknown, two shared photos", {}, { ...noEvidence, area: null, imageHashes: [PHOTO_LIVING_RECOMPRESSED, PHOTO_KITCHEN_RESIZED] }, true],
    // Near misses.
    ["other commune", {}, { inseeCode: "75112" }, false],
    ["other property type", {}, { propertyType: "house" }, false],
    ["other transaction type", {}, { transactionType: "rent" }, false],
    ["area 3.3% apart (100 vs 103.3)", { area: 100 }, { area: 103.3 }, false],
    ["area 4% apart", {}, { area: 64.6 }, false],
    ["one more room", {}, { roomCount: 4 }, false],
    ["one more bedroom", {}, { bedroomCount: 3 }, false],
    ["no evidence at all", {}, noEvidence, false],
    ["photo 7 bits apart", {}, { ...noEvidence, imageHashes: ["c3d4a1b2e5f6f71f"] }, false],
    ["hash of another length", {}, { ...noEvidence, imageHashes: ["c3d4a1b2"] }, false],
    ["blank placeholder photo on both", { imageHashes: [BLANK] }, { ...noEvidence, imageHashes: [BLANK] }, false],
    ["near-blank placeholder photos (2 bits apart)", { imageHashes: [BLANK] }, { ...noEvidence, imageHashes: [NEAR_BLANK] }, false],
    ["placeholder shared, real photo shared too", { imageHashes: [BLANK, PHOTO_LIVING] }, { ...noEvidence, imageHashes: [BLANK, PHOTO_LIVING_RECOMPRESSED] }, true],
    ["both SIRENs unknown and both phones unknown", {}, { imageHashes: [], publisherSiren: null, publisherPhone: null }, false],
    ["area unknown, same SIREN only", {}, { area: null, imageHashes: [] }, false],
    ["area unknown, same SIREN and phone and one photo", {}, { area: null, imageHashes: [PHOTO_LIVING] }, false],
    ["area unknown, one shared photo only", {}, { ...noEvidence, area: null, imageHashes: [PHOTO_LIVING] }, false],
    ["area unknown, the same photo twice counts once", {}, { ...noEvidence, area: null, imageHashes: [PHOTO_LIVING, PHOTO_LIVING_RECOMPRESSED] }, false],
  ])("%s -> %s", (_case, existingChanges, candidateChanges, expected) => {
    const existing = other(existingChanges);
    const candidate = other(candidateChanges);
    expect(isSameProperty(existing, candidate)).toBe(expected);
    expect(isSameProperty(candidate, existing)).toBe(expected); // symmetric
  });

  it("does not match when both publishers are unknown, even if both are empty strings", () => {
    const a = other({ imageHashes: [], publisherSiren: "", publisherPhone: "" });
    expect(isSameProperty(a, { ...a })).toBe(false);
  });

  it("matches a parking space or plot without rooms on area and publisher", () => {
    const parking = other({ propertyType: "parking", area: 12, roomCount: null, bedroomCount: null, imageHashes: [] });
    expect(isSameProperty(parking, { ...parking, area: 12.5 })).toBe(true);
    expect(isSameProperty(parking, { ...parking, area: 14 })).toBe(false);
  });
});

describe("matchScore", () => {
  it("is 0 for different properties", () => {
    expect(matchScore(base, other({ roomCount: 4 }))).toBe(0);
    expect(matchScore(base, other(noEvidence))).toBe(0);
  });

  it("ranks more shared evidence higher", () => {
    const sirenOnly = matchScore(base, other({ imageHashes: [], publisherPhone: null, area: 63 }));
    const onePhoto = matchScore(base, other({ ...noEvidence, imageHashes: [PHOTO_LIVING], area: 63 }));
    const twoPhotos = matchScore(base, other({ ...noEvidence, imageHashes: [PHOTO_LIVING, PHOTO_KITCHEN], area: 63 }));
    const everything = matchScore(base, other({}));
    expect(sirenOnly).toBeGreaterThan(0);
    expect(onePhoto).toBeGreaterThan(sirenOnly);
    expect(twoPhotos).toBeGreaterThan(onePhoto);
    expect(everything).toBeGreaterThan(twoPhotos);
  });

  it("prefers the closer area when the rest is equal", () => {
    expect(matchScore(base, other({ area: 62.2 }))).toBeGreaterThan(matchScore(base, other({ area: 63.5 })));
  });
});
