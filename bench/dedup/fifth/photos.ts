/**
 * Photos and their hashes. A photo is one picture (one shot of one room, one render, one banner); each portal
 * that shows it stores its own copy, whose hashes differ from the original by a few bits (recompression,
 * resizing) or by more (a crop). Hashes are 64-bit, written as 16 hexadecimal digits.
 */
import type { Rng } from "./rng.js";

export type PhotoKind = "object" | "render" | "plan" | "banner" | "logo" | "stock" | "common";

export type Photo = {
  id: number;
  kind: PhotoKind;
  /** perceptual, difference and average hash of the original. */
  hashes: readonly [string, string, string];
};

let nextPhotoId = 1;

export function resetPhotos(): void {
  nextPhotoId = 1;
}

export function newPhoto(rng: Rng, kind: PhotoKind): Photo {
  return { id: nextPhotoId++, kind, hashes: [rng.hex(16), rng.hex(16), rng.hex(16)] };
}

export function newPhotos(rng: Rng, kind: PhotoKind, n: number): Photo[] {
  return Array.from({ length: n }, () => newPhoto(rng, kind));
}

function flipBits(rng: Rng, hex: string, count: number): string {
  const nibbles = hex.split("").map((c) => Number.parseInt(c, 16));
  const positions = new Set<number>();
  while (positions.size < count) positions.add(rng.int(0, 63));
  for (const bit of positions) {
    const index = bit >> 2;
    nibbles[index] = (nibbles[index] as number) ^ (1 << (bit & 3));
  }
  return nibbles.map((n) => n.toString(16)).join("");
}

/**
 * The hashes of one portal's copy: `noise` bits flipped at most in each hash (0..noise, drawn), and a crop flips
 * 5 to 11 more bits of the perceptual and average hashes and 8 to 16 of the difference hash.
 */
export function copyHashes(rng: Rng, photo: Photo, noise: number, crop: boolean): [string, string, string] {
  const [p, d, a] = photo.hashes;
  const extraP = crop ? rng.int(5, 11) : 0;
  const extraD = crop ? rng.int(8, 16) : 0;
  const extraA = crop ? rng.int(5, 11) : 0;
  return [flipBits(rng, p, rng.int(0, noise) + extraP), flipBits(rng, d, rng.int(0, noise) + extraD), flipBits(rng, a, rng.int(0, noise) + extraA)];
}

/** A different picture that looks much like `base` (the same decor shot in a twin flat): 8 to 14 bits apart. */
export function nearPhoto(rng: Rng, base: Photo): Photo {
  return {
    id: nextPhotoId++,
    kind: base.kind,
    hashes: [flipBits(rng, base.hashes[0], rng.int(8, 14)), flipBits(rng, base.hashes[1], rng.int(8, 14)), flipBits(rng, base.hashes[2], rng.int(8, 14))],
  };
}
