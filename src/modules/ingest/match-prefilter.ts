/**
 * A cheap necessary condition for `isSameProperty`, checked before it on every pair of classifieds that
 * could be compared: comparing photos with the domain rule costs far more than comparing numbers, and most
 * pairs fail on numbers. A pair that fails here can never be the same property; a pair that passes is
 * decided by `isSameProperty` itself, so this never changes a decision, only skips hopeless ones.
 */
import { IMAGE_MATCH_MAX_BITS, type MatchCandidate } from "../../domain/property-matching.js";

/** A hex hash as 32-bit words (8 hex digits each), for XOR and bit counts without parsing per comparison. */
type PackedHash = { length: number; words: Uint32Array };

/** A candidate with its photos packed once. */
export type PrefilterEntry = { match: MatchCandidate; hashes: PackedHash[] };

export function prefilterEntry(match: MatchCandidate): PrefilterEntry {
  return { match, hashes: match.imageHashes.flatMap((hash) => packHash(hash) ?? []) };
}

/** False only when the two can certainly not be the same property. */
export function mayBeSameProperty(a: PrefilterEntry, b: PrefilterEntry): boolean {
  const x = a.match;
  const y = b.match;
  if (!countsMayAgree(x.roomCount, y.roomCount) || !countsMayAgree(x.bedroomCount, y.bedroomCount)) return false;
  if (x.publisherSiren !== null && x.publisherSiren !== "" && x.publisherSiren === y.publisherSiren) return true;
  if (x.publisherPhone !== null && x.publisherPhone !== "" && x.publisherPhone === y.publisherPhone) return true;
  return a.hashes.some((hash) => b.hashes.some((other) => closeHashes(hash, other)));
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

function packHash(hash: string): PackedHash | undefined {
  if (hash.length === 0 || !/^[0-9a-fA-F]+$/.test(hash)) return undefined;
  const words = new Uint32Array(Math.ceil(hash.length / 8));
  for (let index = 0; index < words.length; index += 1) {
    // The last word of a length that is not a multiple of 8 is padded with zeros on both sides alike.
    words[index] = Number.parseInt(hash.slice(index * 8, index * 8 + 8).padEnd(8, "0"), 16);
  }
  return { length: hash.length, words };
}

function popcount(value: number): number {
  let v = value - ((value >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) & 0xff;
}
