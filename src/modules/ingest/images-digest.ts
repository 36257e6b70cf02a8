import { createHash } from "node:crypto";
import type { NormalisedImage } from "./normalised.types.js";

/**
 * `classifieds.images_digest`: a digest of a classified's image list. An observation whose digest equals the
 * stored one leaves the images as they are; any other replaces them whole. The digest tells that without
 * loading the stored images.
 *
 * The text digested is JSON, one entry per image in list order: the id of the image's key list, then its values
 * in the sorted order of their keys (`averageHash`, `differenceHash`, `perceptualHash`, `position`, `url`).
 * Stored digests were made this way: a change of this text would count every stored classified's images as
 * changed once, and rewrite them all.
 */
export function imagesDigest(images: readonly NormalisedImage[]): string {
  const entries = images.map((image) => [IMAGE_KEYS_ID, [image.averageHash, image.differenceHash, image.perceptualHash, image.position, image.url]]);
  return digest(JSON.stringify(entries));
}

function digest(text: string): string {
  // 128 bits of SHA-256: collisions are not a concern at any realistic number of listings.
  return createHash("sha256").update(text, "utf8").digest("base64url").slice(0, 22);
}

/** The key names of an image enter the digest through this digest of their sorted list. */
const IMAGE_KEYS_ID = digest(JSON.stringify(["averageHash", "differenceHash", "perceptualHash", "position", "url"]));
