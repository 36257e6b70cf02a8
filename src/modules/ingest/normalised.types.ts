import type { NewClassifiedRow } from "../../db/schema/index.js";
import type { ListingStatus } from "../../domain/enums.js";

/**
 * The classified columns the pipeline decides from history, not from one observation: identity (url key), status,
 * the link to the property and the bookkeeping (ids, timestamps, initial price, digest, image hashes, which are the
 * images'). A new classified's row takes these from the pipeline and every other column from its content
 * (new-classified-row.ts).
 */
export const CLASSIFIED_BOOKKEEPING_KEYS = [
  "id",
  "propertyId",
  "urlKey",
  "sourceUrl",
  "status",
  "imagesDigest",
  "imageHashes",
  "priceInitial",
  "firstSeenAt",
  "lastSeenAt",
  "lastModifiedAt",
  "removedAt",
] as const satisfies ReadonlyArray<keyof NewClassifiedRow>;

/** The classified columns an observation determines, every one present (null when unknown). */
type ContentKey = Exclude<keyof NewClassifiedRow, (typeof CLASSIFIED_BOOKKEEPING_KEYS)[number]>;

export type ClassifiedContent = { [K in ContentKey]-?: Exclude<NewClassifiedRow[K], undefined> };

export type NormalisedImage = {
  /** Order on the portal, from 0. */
  position: number;
  url: string;
  perceptualHash: string | null;
  differenceHash: string | null;
  averageHash: string | null;
};

/** A full observation, normalised: what the listing looked like at `observedAt`. */
export type NormalisedObservation = {
  kind: "observation";
  observedAt: Date;
  urlKey: string;
  sourceUrl: string;
  status: ListingStatus;
  content: ClassifiedContent;
  images: NormalisedImage[];
  /** Digest of `images` (see images-digest.ts). */
  imagesDigest: string;
};

/** The listing has left the portal. */
export type NormalisedRemoval = {
  kind: "removal";
  observedAt: Date;
  urlKey: string;
  sourceUrl: string;
};

export type NormalisedLine = NormalisedObservation | NormalisedRemoval;

export type Normalisation = { ok: true; value: NormalisedLine } | { ok: false; reason: string };
