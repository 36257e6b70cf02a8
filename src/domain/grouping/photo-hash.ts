/**
 * Perceptual hashes of listing photos, packed once into 32-bit words so that comparing two photos is a few
 * XORs and bit counts: grouping compares every photo of a classified with every photo of each candidate.
 */

/** Two perceptual hashes this many bits apart or fewer show the same photo (resized, recompressed, watermarked). */
export const PHOTO_MATCH_MAX_BITS = 6;

/** A hex hash as 32-bit words (8 hex digits each). */
export type PackedPhoto = { length: number; words: Uint32Array };

/**
 * Packs a hex hash; undefined for an empty hash, one with a character that is not a hex digit, or an
 * uninformative one (see `isInformative`). Digit `i` goes to word `i / 8`, the first digit in the highest bits.
 */
export function packPhoto(hash: string): PackedPhoto | undefined {
  if (hash.length === 0) return undefined;
  const words = new Uint32Array(Math.ceil(hash.length / 8));
  for (let index = 0; index < hash.length; index += 1) {
    const digit = hexDigit(hash.charCodeAt(index));
    if (digit < 0) return undefined;
    words[index >> 3] = ((words[index >> 3] ?? 0) | (digit << (28 - 4 * (index & 7)))) >>> 0;
  }
  const photo = { length: hash.length, words };
  return isInformative(photo) ? photo : undefined;
}

/** The distinct informative photos of a list of hex hashes (a photo repeated on one listing counts once). */
export function packPhotos(hashes: readonly string[]): PackedPhoto[] {
  const photos: PackedPhoto[] = [];
  for (const hash of hashes) {
    const photo = packPhoto(hash);
    if (photo !== undefined && !photos.some((known) => samePhoto(known, photo))) photos.push(photo);
  }
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
