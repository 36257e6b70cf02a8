/**
 * Whether a newly collected classified describes the same real-world property as an existing one: the same
 * flat listed on several portals, or re-listed by another agency. A wrong "yes" merges two homes (worse
 * than a wrong "no", which only leaves a duplicate), so the rule demands agreement on what is known plus
 * one piece of positive evidence.
 */

export type MatchCandidate = {
  inseeCode: string;
  propertyType: string;
  transactionType: string;
  area: number | null;
  roomCount: number | null;
  bedroomCount: number | null;
  /** Perceptual hashes of the images, hex. */
  imageHashes: readonly string[];
  publisherSiren: string | null;
  /** E.164. */
  publisherPhone: string | null;
};

/** Two perceptual hashes this many bits apart or fewer show the same photo (resized, recompressed, watermarked). */
export const IMAGE_MATCH_MAX_BITS = 6;

/** Without both areas, this many distinct shared photos are needed to conclude on images alone. */
const STRONG_IMAGE_MATCH_COUNT = 2;

/** Areas within 3% of the larger one, or 1 m², are the same area measured or rounded differently. */
const AREA_RELATIVE_TOLERANCE = 0.03;
const AREA_ABSOLUTE_TOLERANCE = 1;

/**
 * Bits that differ between two hex hashes of equal length (case-insensitive). Hashes of different lengths
 * come from different algorithms and are not comparable: the result is then `Infinity`, as it is when
 * either is empty or not hex.
 */
export function hammingDistanceHex(a: string, b: string): number {
  if (a.length !== b.length || a.length === 0) return Number.POSITIVE_INFINITY;
  let distance = 0;
  for (let index = 0; index < a.length; index += 1) {
    const x = nibbleAt(a, index);
    const y = nibbleAt(b, index);
    if (x < 0 || y < 0) return Number.POSITIVE_INFINITY;
    distance += bitCount(x ^ y);
  }
  return distance;
}

/**
 * Same property when all of these hold:
 * - same INSEE code, property type and transaction type;
 * - areas agree (3% or 1 m²) when both are known; when either is unknown, only a strong image match
 *   (at least two distinct shared photos) can stand in for them;
 * - room counts equal when both known, and bedroom counts equal when both known;
 * - positive evidence: a shared photo (perceptual hashes at most 6 bits apart), or the same publisher SIREN,
 *   or the same publisher phone.
 */
export function isSameProperty(a: MatchCandidate, b: MatchCandidate): boolean {
  if (a.inseeCode !== b.inseeCode || a.propertyType !== b.propertyType || a.transactionType !== b.transactionType) {
    return false;
  }
  if (!countsAgree(a.roomCount, b.roomCount) || !countsAgree(a.bedroomCount, b.bedroomCount)) return false;
  const sharedImages = sharedImageCount(a.imageHashes, b.imageHashes);
  if (a.area === null || b.area === null) return sharedImages >= STRONG_IMAGE_MATCH_COUNT;
  if (!areasAgree(a.area, b.area)) return false;
  return sharedImages > 0 || samePublisherSiren(a, b) || samePublisherPhone(a, b);
}

/**
 * How strongly two candidates that are the same property agree, to pick the best of several existing
 * properties: 0 when `isSameProperty` is false, otherwise a positive number that grows with shared photos
 * (most weight), shared publisher details and closeness of the areas.
 */
export function matchScore(a: MatchCandidate, b: MatchCandidate): number {
  if (!isSameProperty(a, b)) return 0;
  const images = Math.min(sharedImageCount(a.imageHashes, b.imageHashes), 5) * 2;
  const publisher = (samePublisherSiren(a, b) ? 1 : 0) + (samePublisherPhone(a, b) ? 1 : 0);
  const area = a.area !== null && b.area !== null ? 1 - Math.abs(a.area - b.area) / Math.max(a.area, b.area) : 0;
  const rooms = a.roomCount !== null && a.roomCount === b.roomCount ? 0.5 : 0;
  return 1 + images + publisher + area + rooms;
}

function areasAgree(a: number, b: number): boolean {
  const tolerance = Math.max(AREA_ABSOLUTE_TOLERANCE, AREA_RELATIVE_TOLERANCE * Math.max(a, b));
  return Math.abs(a - b) <= tolerance + 1e-9; // float noise: 100 vs 103 must pass
}

function countsAgree(a: number | null, b: number | null): boolean {
  return a === null || b === null || a === b;
}

function samePublisherSiren(a: MatchCandidate, b: MatchCandidate): boolean {
  return a.publisherSiren !== null && a.publisherSiren !== "" && a.publisherSiren === b.publisherSiren;
}

function samePublisherPhone(a: MatchCandidate, b: MatchCandidate): boolean {
  return a.publisherPhone !== null && a.publisherPhone !== "" && a.publisherPhone === b.publisherPhone;
}

/**
 * Number of photos the two share: photos of one side matched by some photo of the other, counted from both
 * sides and the smaller count kept, so two near-copies of one photo on one side count once and the result
 * does not depend on the order of the arguments.
 */
function sharedImageCount(a: readonly string[], b: readonly string[]): number {
  const usableA = a.filter(isInformativeHash);
  const usableB = b.filter(isInformativeHash);
  return Math.min(matchedPhotos(usableA, usableB), matchedPhotos(usableB, usableA));
}

/** Number of distinct photos of `a` that some photo of `b` matches (both lists informative hashes only). */
function matchedPhotos(a: readonly string[], b: readonly string[]): number {
  let count = 0;
  for (let index = 0; index < a.length; index += 1) {
    const hash = a[index] as string; // index < a.length
    if (a.indexOf(hash) !== index) continue; // the same photo twice counts once
    if (b.some((other) => hammingDistanceHex(hash, other) <= IMAGE_MATCH_MAX_BITS)) count += 1;
  }
  return count;
}

/**
 * A hash with nearly all bits equal comes from a blank or uniform picture (placeholder, white page): such
 * pictures look alike across unrelated listings and prove nothing.
 */
function isInformativeHash(hash: string): boolean {
  if (hash.length === 0) return false;
  let ones = 0;
  for (let index = 0; index < hash.length; index += 1) {
    const nibble = nibbleAt(hash, index);
    if (nibble < 0) return false;
    ones += bitCount(nibble);
  }
  const bits = hash.length * 4;
  return ones > IMAGE_MATCH_MAX_BITS && ones < bits - IMAGE_MATCH_MAX_BITS;
}

/**
 * The value of the hex digit at `index`, or -1 when it is not one. A table lookup: grouping compares every
 * photo of a new classified with every photo of each candidate, so this runs millions of times per ingest.
 */
function nibbleAt(text: string, index: number): number {
  return NIBBLES[text.charCodeAt(index)] ?? -1;
}

const NIBBLES: Int8Array = (() => {
  const table = new Int8Array(128).fill(-1);
  for (let value = 0; value < 16; value += 1) {
    const digit = value.toString(16);
    table[digit.charCodeAt(0)] = value;
    table[digit.toUpperCase().charCodeAt(0)] = value;
  }
  return table;
})();

const BIT_COUNTS = [0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4] as const;

function bitCount(nibble: number): number {
  return BIT_COUNTS[nibble & 15] ?? 0;
}
