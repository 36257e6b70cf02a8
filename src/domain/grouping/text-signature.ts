/**
 * A 64-bit SimHash of a listing's title and description: near-identical texts (the same advert copied to
 * several portals by one publisher, a typo fixed) get signatures a few bits apart, unrelated texts about 32.
 * Stored with the classified (16 hex digits), so that grouping compares texts without reading them.
 */
import { popcount } from "./photo-hash.js";

/** Texts shorter than this many words say too little to compare. */
const MIN_WORDS = 8;

/** The signature of a text, or null when it has too few words. */
export function textSignature(...parts: ReadonlyArray<string | null>): string | null {
  const words = (parts.filter((part): part is string => part !== null).join(" ").toLowerCase().normalize("NFD").replace(/[\u0300-\u036f]/g, "").match(/[a-z0-9]+/g) ?? []);
  if (words.length < MIN_WORDS) return null;
  const weights = new Int32Array(64);
  // Word pairs: word order says more than a bag of common words ("appartement", "lumineux") does.
  for (let index = 0; index + 1 < words.length; index += 1) {
    const high = fnv1a(`${words[index]} ${words[index + 1]}`, 0x811c9dc5);
    const low = fnv1a(`${words[index + 1]} ${words[index]}|`, 0x01000193);
    for (let bit = 0; bit < 32; bit += 1) {
      weights[bit] = (weights[bit] ?? 0) + ((high >>> bit) & 1 ? 1 : -1);
      weights[bit + 32] = (weights[bit + 32] ?? 0) + ((low >>> bit) & 1 ? 1 : -1);
    }
  }
  let high = 0;
  let low = 0;
  for (let bit = 0; bit < 32; bit += 1) {
    if ((weights[bit] ?? 0) > 0) high |= 1 << bit;
    if ((weights[bit + 32] ?? 0) > 0) low |= 1 << bit;
  }
  return hex8(high) + hex8(low);
}

/** Bits that differ between two signatures (0..64); null when either is missing or malformed. */
export function textDistance(a: string | null, b: string | null): number | null {
  if (a === null || b === null || a.length !== 16 || b.length !== 16) return null;
  const distance = popcount((Number.parseInt(a.slice(0, 8), 16) ^ Number.parseInt(b.slice(0, 8), 16)) >>> 0) + popcount((Number.parseInt(a.slice(8), 16) ^ Number.parseInt(b.slice(8), 16)) >>> 0);
  return Number.isNaN(distance) ? null : distance;
}

function fnv1a(text: string, seed: number): number {
  let hash = seed >>> 0;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

function hex8(value: number): string {
  return (value >>> 0).toString(16).padStart(8, "0");
}
