import { createHash } from "node:crypto";
import type { ClassifiedContent, NormalisedImage } from "./normalised.types.js";

/**
 * `classifieds.content_hash`: two digests joined by a dot, one of the content columns and one of the image
 * list. Equal hashes (and an equal status, compared on its own column so that a bare removal line needs no
 * content) mean an observation changed nothing. The separate image part tells, without loading the images,
 * whether they must be replaced.
 *
 * Keys are serialised in sorted order and dates as ISO strings, so the digest does not depend on how the
 * object was built.
 */
export function contentHash(content: ClassifiedContent, images: readonly NormalisedImage[]): string {
  return `${digest(stableJson(content))}.${imagesDigest(images)}`;
}

/** The image part of a content hash. */
export function imagesDigest(images: readonly NormalisedImage[]): string {
  return digest(stableJson(images));
}

/** The image part of a stored content hash (empty for a malformed one, which then never matches). */
export function imagesDigestOf(hash: string): string {
  const dot = hash.indexOf(".");
  return dot === -1 ? "" : hash.slice(dot + 1);
}

function digest(text: string): string {
  // 128 bits of SHA-256: collisions are not a concern at any realistic number of listings.
  return createHash("sha256").update(text, "utf8").digest("base64url").slice(0, 22);
}

/** The keys of one kind of object (the content, an image): insertion order, sorted order, and a short id. */
type KeySet = { keys: readonly string[]; sorted: readonly string[]; id: string };

/** Objects built by the same code share one entry; there are only a few kinds. */
const keySets: KeySet[] = [];

function keySetOf(record: Readonly<Record<string, unknown>>): KeySet {
  const keys = Object.keys(record);
  const known = keySets.find((set) => set.keys.length === keys.length && set.keys.every((key, index) => key === keys[index]));
  if (known) return known;
  const sorted = [...keys].sort();
  // The key names enter the digest through a digest of their sorted list: same names, same id, anywhere.
  const set = { keys, sorted, id: digest(JSON.stringify(sorted)) };
  if (keySets.length >= 64) keySets.length = 0;
  keySets.push(set);
  return set;
}

/**
 * JSON with object keys sorted at every level and dates as ISO strings. An object is written as the id of
 * its sorted key list followed by its values in that order, so that one native `JSON.stringify` call does the
 * work and the key names are not rewritten for every line: this runs for every ingested line.
 */
export function stableJson(value: unknown): string {
  return JSON.stringify(canonical(value));
}

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value === null || value === undefined || typeof value !== "object" || value instanceof Date) return value ?? null;
  const record = value as Readonly<Record<string, unknown>>; // A non-array, non-Date object: its own enumerable keys are read.
  const set = keySetOf(record);
  return [set.id, set.sorted.map((key) => nested(record[key]))];
}

/** Scalars and dates as they are (JSON.stringify writes dates as ISO strings); objects and arrays canonical. */
function nested(value: unknown): unknown {
  return value !== null && typeof value === "object" && !(value instanceof Date) ? canonical(value) : (value ?? null);
}
