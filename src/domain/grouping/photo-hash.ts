/**
 * Perceptual hashes of listing photos, packed once into 32-bit words so that comparing two photos is a few
 * XORs and bit counts: grouping compares every photo of a classified with every photo of each candidate.
 */

/** Two perceptual hashes this many bits apart or fewer show the same photo (resized, recompressed, watermarked). */
export const PHOTO_MATCH_MAX_BITS = 6;

/**
 * A hex hash as unsigned 32-bit words (8 hex digits each). A plain array of numbers rather than a typed array:
 * grouping packs the photos of every stored classified it reads, and a typed array costs several times as much
 * to make.
 */
export type PackedPhoto = { length: number; words: readonly number[] };

/**
 * Packs a hex hash; undefined for an empty hash, one with a character that is not a hex digit, or an
 * uninformative one (see `isInformative`). Digit `i` goes to word `i / 8`, the first digit in the highest bits.
 */
export function packPhoto(hash: string): PackedPhoto | undefined {
  if (hash.length === 0) return undefined;
  const words: number[] = [];
  for (let start = 0; start < hash.length; start += 8) {
    const word = hexWord(hash, start, Math.min(start + 8, hash.length));
    if (word < 0) return undefined;
    words.push(word);
  }
  const photo = { length: hash.length, words };
  return isInformative(photo) ? photo : undefined;
}

/**
 * `packPhotos` of hashes written one after the other, separated by commas, as classifieds store them. A list of
 * 64-bit hashes only (16 hex digits each, the usual case) is read straight from the text, without cutting it into
 * strings first; grouping packs the photos of every stored classified it reads.
 */
export function packPhotoList(hashes: string): PackedPhoto[] {
  if (hashes === "") return [];
  const count = (hashes.length + 1) / 17;
  if (!Number.isInteger(count) || !commasEvery17(hashes)) return packPhotos(hashes.split(","));
  const photos: PackedPhoto[] = [];
  const words = new Uint32Array(count * 2);
  for (let start = 0; start < hashes.length; start += 17) {
    const high = hexWord(hashes, start, start + 8);
    const low = hexWord(hashes, start + 8, start + 16);
    if (high < 0 || low < 0) continue;
    const photo = { length: 16, words: [high, low] };
    if (!isInformative(photo)) continue;
    const kept = photos.length;
    words[2 * kept] = high;
    words[2 * kept + 1] = low;
    let repeated = false;
    for (let other = 0; other < kept && !repeated; other += 1) repeated = distance64(words, kept, words, other) <= PHOTO_MATCH_MAX_BITS;
    if (!repeated) photos.push(photo);
  }
  sideBySide.set(photos, words.subarray(0, photos.length * 2));
  return photos;
}

function commasEvery17(hashes: string): boolean {
  for (let index = 16; index < hashes.length; index += 17) if (hashes.charCodeAt(index) !== 44) return false;
  return true;
}

/** The distinct informative photos of a list of hex hashes (a photo repeated on one listing counts once). */
export function packPhotos(hashes: readonly string[]): PackedPhoto[] {
  const photos: PackedPhoto[] = [];
  for (const hash of hashes) {
    const photo = packPhoto(hash);
    if (photo !== undefined && !includesPhoto(photos, photo)) photos.push(photo);
  }
  wordsSideBySide(photos); // laid out now, while the photos are at hand, for every comparison to come
  return photos;
}

/** Bits that differ; `Infinity` for hashes of different lengths (different algorithms are not comparable). */
export function photoDistance(a: PackedPhoto, b: PackedPhoto): number {
  if (a.length !== b.length) return Number.POSITIVE_INFINITY;
  let bits = 0;
  for (let index = 0; index < a.words.length; index += 1) bits += popcount(((a.words[index] ?? 0) ^ (b.words[index] ?? 0)) >>> 0);
  return bits;
}

export function samePhoto(a: PackedPhoto, b: PackedPhoto): boolean {
  return photoDistance(a, b) <= PHOTO_MATCH_MAX_BITS;
}

/** Whether `photos` holds `photo` or a near-copy of it. A loop, not `some`: grouping asks it of many pairs' photos. */
export function includesPhoto(photos: readonly PackedPhoto[], photo: PackedPhoto): boolean {
  for (const known of photos) if (samePhoto(known, photo)) return true;
  return false;
}

/**
 * Which photos of `x` (its first 32) `y` shows, and of `y` `x` shows, as bit masks: bit `i` of the first is set
 * when `y` shows photo `i` of `x`. Clustering asks this of every pair of comparable classifieds whose photos it
 * weighs; most lists hold only 64-bit hashes, compared straight from their words side by side (three times as
 * fast as going through each photo's object).
 */
export function sharedPhotoMasks(x: readonly PackedPhoto[], y: readonly PackedPhoto[]): [number, number] {
  const xs = Math.min(x.length, 32);
  const ys = Math.min(y.length, 32);
  let maskX = 0;
  let maskY = 0;
  const a = wordsSideBySide(x);
  const b = wordsSideBySide(y);
  const sideBySide = a !== null && b !== null;
  for (let i = 0; i < xs; i += 1) {
    for (let j = 0; j < ys; j += 1) {
      // i and j stay below the lengths.
      const same = sideBySide ? distance64(a, i, b, j) <= PHOTO_MATCH_MAX_BITS : samePhoto(x[i] as PackedPhoto, y[j] as PackedPhoto);
      if (!same) continue;
      maskX |= 1 << i;
      maskY |= 1 << j;
    }
  }
  return [maskX, maskY];
}

/** Bits that differ between 64-bit hash `i` of `a` and hash `j` of `b`, each list's words side by side. */
function distance64(a: Uint32Array, i: number, b: Uint32Array, j: number): number {
  return popcount(((a[2 * i] ?? 0) ^ (b[2 * j] ?? 0)) >>> 0) + popcount(((a[2 * i + 1] ?? 0) ^ (b[2 * j + 1] ?? 0)) >>> 0);
}

/** A list's words side by side (two a photo), when every photo of it is a 64-bit hash; null otherwise. */
const sideBySide = new WeakMap<readonly PackedPhoto[], Uint32Array | null>();

function wordsSideBySide(photos: readonly PackedPhoto[]): Uint32Array | null {
  let words = sideBySide.get(photos);
  if (words === undefined) {
    words = photos.every((photo) => photo.length === 16) ? new Uint32Array(photos.flatMap((photo) => photo.words)) : null;
    sideBySide.set(photos, words);
  }
  return words;
}

/**
 * Bits that differ between two hex hashes of equal length (case-insensitive); `Infinity` when the lengths
 * differ, either is empty or either is not hex.
 */
export function hammingDistanceHex(a: string, b: string): number {
  if (a.length !== b.length || a.length === 0) return Number.POSITIVE_INFINITY;
  let distance = 0;
  for (let index = 0; index < a.length; index += 1) {
    const x = hexDigit(a.charCodeAt(index));
    const y = hexDigit(b.charCodeAt(index));
    if (x < 0 || y < 0) return Number.POSITIVE_INFINITY;
    distance += popcount(x ^ y);
  }
  return distance;
}

/**
 * A hash with nearly all bits equal comes from a blank or uniform picture (placeholder, white page): such
 * pictures look alike across unrelated listings and prove nothing.
 */
function isInformative(photo: PackedPhoto): boolean {
  let ones = 0;
  for (const word of photo.words) ones += popcount(word);
  const bits = photo.length * 4;
  return ones > PHOTO_MATCH_MAX_BITS && ones < bits - PHOTO_MATCH_MAX_BITS;
}

/** The hex digits of `text` from `start` to `end` (at most 8) as the high bits of an unsigned 32-bit word; -1 when one is not hex. */
function hexWord(text: string, start: number, end: number): number {
  let word = 0;
  for (let index = start; index < end; index += 1) {
    const digit = hexDigit(text.charCodeAt(index));
    if (digit < 0) return -1;
    word = (word << 4) | digit;
  }
  return (word << (4 * (8 - (end - start)))) >>> 0;
}

function hexDigit(code: number): number {
  if (code >= 48 && code <= 57) return code - 48; // 0-9
  const lower = code | 0x20; // A-F and a-f alike
  return lower >= 97 && lower <= 102 ? lower - 87 : -1;
}

export function popcount(value: number): number {
  let v = value - ((value >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) & 0xff;
}
