/**
 * A 64-bit SimHash of a listing's title and description: near-identical texts (the same advert copied to
 * several portals by one publisher, a typo fixed) get signatures a few bits apart, unrelated texts about 32.
 * Stored with the classified (16 hex digits), so that grouping compares texts without reading them.
 *
 * Computed for every ingested line, so it reads the text once, character by character, without building
 * words: each word is hashed as it is read (case and French accents folded), and consecutive word pairs feed
 * the signature.
 */
import { hammingDistanceHex } from "./photo-hash.js";

/** Texts shorter than this many words say too little to compare. */
const MIN_WORDS = 8;

/** Words read at most: the start of an advert identifies it; portals cut long texts differently anyway. */
const MAX_WORDS = 120;

/** The signature of a text, or null when it has too few words. */
export function textSignature(...parts: ReadonlyArray<string | null>): string | null {
  const weights = new BitCounters();
  let words = 0;
  let previous = 0;
  let word = FNV_OFFSET;
  let inWord = false;
  const endWord = () => {
    if (words > 0) {
      const high = mix(Math.imul(previous, 31) ^ word);
      weights.add(high, mix(high ^ 0x9e3779b9));
    }
    previous = word;
    words += 1;
    word = FNV_OFFSET;
    inWord = false;
  };
  for (const part of parts) {
    if (part === null) continue;
    for (let index = 0; index < part.length && words < MAX_WORDS; index += 1) {
      const folded = foldChar(part.charCodeAt(index));
      if (folded === 0) {
        if (inWord) endWord();
        continue;
      }
      word = Math.imul(word ^ folded, FNV_PRIME) >>> 0;
      inWord = true;
    }
    if (inWord && words < MAX_WORDS) endWord();
  }
  if (words < MIN_WORDS) return null;
  const [high, low] = weights.majority(words - 1);
  return hex8(high) + hex8(low);
}

/** Bits that differ between two signatures (0..64); null when either is missing or malformed. */
export function textDistance(a: string | null, b: string | null): number | null {
  if (a === null || b === null || a.length !== 16) return null;
  const distance = hammingDistanceHex(a, b); // read in place: grouping compares the signatures of many pairs
  return distance === Number.POSITIVE_INFINITY ? null : distance;
}

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/**
 * For each of the 64 bits, how many of the added hashes have it set, kept as binary counters sliced by bit
 * (plane k holds bit k of every counter): adding a hash is a ripple carry of a few word operations instead of 64
 * increments. Word pairs are the features: word order says more than a bag of common words does.
 */
class BitCounters {
  // Eight planes count to 255, more than MAX_WORDS.
  readonly #high = new Uint32Array(8);
  readonly #low = new Uint32Array(8);

  add(high: number, low: number): void {
    ripple(this.#high, high);
    ripple(this.#low, low);
  }

  /** The bits set in more than half of `count` added hashes. */
  majority(count: number): [number, number] {
    return [majorityOf(this.#high, count), majorityOf(this.#low, count)];
  }
}

function ripple(planes: Uint32Array, value: number): void {
  let carry = value >>> 0;
  for (let plane = 0; carry !== 0 && plane < planes.length; plane += 1) {
    const current = planes[plane] ?? 0;
    planes[plane] = (current ^ carry) >>> 0;
    carry = (current & carry) >>> 0;
  }
}

function majorityOf(planes: Uint32Array, count: number): number {
  let result = 0;
  for (let bit = 0; bit < 32; bit += 1) {
    let ones = 0;
    for (let plane = 0; plane < planes.length; plane += 1) ones += (((planes[plane] ?? 0) >>> bit) & 1) << plane;
    if (ones * 2 > count) result |= 1 << bit;
  }
  return result;
}

/** A 32-bit finaliser (murmur3's): spreads every input bit over the output. */
function mix(value: number): number {
  let h = value >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** A letter or digit, lower-case and without its accent; 0 for anything that separates words. */
function foldChar(code: number): number {
  if (code >= 97 && code <= 122) return code; // a-z
  if (code >= 48 && code <= 57) return code; // 0-9
  if (code >= 65 && code <= 90) return code + 32; // A-Z
  if (code >= 0xc0 && code <= 0x17f) return ACCENTS[code - 0xc0] ?? 0;
  return 0;
}

/** Latin-1 and Latin Extended-A letters folded to their base letter (œ and æ to o and a); 0 for signs. */
const ACCENTS: Uint8Array = (() => {
  const table = new Uint8Array(0x17f - 0xc0 + 1);
  for (let code = 0xc0; code <= 0x17f; code += 1) {
    const base = String.fromCharCode(code).normalize("NFD").charCodeAt(0);
    const lower = base >= 65 && base <= 90 ? base + 32 : base;
    table[code - 0xc0] = lower >= 97 && lower <= 122 ? lower : 0;
  }
  for (const [code, letter] of [
    [0xc6, "a"],
    [0xe6, "a"],
    [0x152, "o"],
    [0x153, "o"],
    [0xd8, "o"],
    [0xf8, "o"],
    [0xdf, "s"],
  ] as const) {
    table[code - 0xc0] = letter.charCodeAt(0);
  }
  return table;
})();

function hex8(value: number): string {
  return (value >>> 0).toString(16).padStart(8, "0");
}
