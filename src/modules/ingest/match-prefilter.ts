/**
 * A cheap necessary condition for `isSameProperty`, checked before it on every pair of classifieds that
 * could be compared: comparing photos with the domain rule costs far more than comparing numbers, and most
 * pairs fail on numbers. A pair that fails here can never be the same property; a pair that passes is
 * decided by `isSameProperty` itself, so this never changes a decision, only skips hopeless ones.
 */
import { IMAGE_MATCH_MAX_BITS, type MatchCandidate } from "../../domain/property-matching.js";

/** A hex hash as 32-bit words (8 hex digits each), for XOR and bit counts without parsing per comparison. */
type PackedHash = { length: number; words: Uint32Array };

/**
 * A candidate, its photos packed on first use: most candidates of a batch are turned away on their counts or
 * area before any photo is compared, and packing them all up front was a large share of an ingest's garbage.
 */
export type PrefilterEntry = { match: MatchCandidate; packed: PackedHash[] | undefined };

export function prefilterEntry(match: MatchCandidate): PrefilterEntry {
  return { match, packed: undefined };
}

/** False only when the two can certainly not be the same property. */
export function mayBeSameProperty(a: PrefilterEntry, b: PrefilterEntry): boolean {
  const x = a.match;
  const y = b.match;
  if (!countsMayAgree(x.roomCount, y.roomCount) || !countsMayAgree(x.bedroomCount, y.bedroomCount)) return false;
  if (x.publisherSiren !== null && x.publisherSiren !== "" && x.publisherSiren === y.publisherSiren) return true;
  if (x.publisherPhone !== null && x.publisherPhone !== "" && x.publisherPhone === y.publisherPhone) return true;
  const theirs = packedHashes(b);
  return theirs.length > 0 && packedHashes(a).some((hash) => theirs.some((other) => closeHashes(hash, other)));
}

function packedHashes(entry: PrefilterEntry): PackedHash[] {
  entry.packed ??= entry.match.imageHashes.flatMap((hash) => packHash(hash) ?? []);
  return entry.packed;
}

function countsMayAgree(a: number | null, b: number | null): boolean {
  return a === null || b === null || a === b;
}

function closeHashes(a: PackedHash, b: PackedHash): boolean {
  if (a.length !== b.length) return false;
  let bits = 0;
  for (let index = 0; index < a.words.length; index += 1) {
    bits += popcount(((a.words[index] ?? 0) ^ (b.words[index] ?? 0)) >>> 0);
    if (bits > IMAGE_MATCH_MAX_BITS) return false;
  }
  return true;
}

/**
 * Digit `i` of the hash goes to word `i / 8`, the first digit of a word in its highest four bits: the last word
 * of a length that is not a multiple of 8 is padded with zeros on the right, on both sides of a comparison alike.
 * Undefined for an empty hash or one with a character that is not a hex digit.
 */
export function packHash(hash: string): PackedHash | undefined {
  if (hash.length === 0) return undefined;
  const words = new Uint32Array(Math.ceil(hash.length / 8));
  for (let index = 0; index < hash.length; index += 1) {
    const digit = hexDigit(hash.charCodeAt(index));
    if (digit < 0) return undefined;
    words[index >> 3] = ((words[index >> 3] ?? 0) | (digit << (28 - 4 * (index & 7)))) >>> 0;
  }
  return { length: hash.length, words };
}

function hexDigit(code: number): number {
  if (code >= 48 && code <= 57) return code - 48; // 0-9
  const lower = code | 0x20; // A-F and a-f alike
  return lower >= 97 && lower <= 102 ? lower - 87 : -1;
}

function popcount(value: number): number {
  let v = value - ((value >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) & 0xff;
}
