import type { NewClassifiedRow } from "../../db/schema/index.js";
import type { ListingStatus } from "../../domain/enums.js";

/**
 * The classified columns an observation determines, every one present (null when unknown). Identity (url key),
 * status, the link and the bookkeeping columns (ids, timestamps, initial price, digest, image hashes) are kept
 * apart: the pipeline decides those from history, not from one observation (the image hashes are the images').
 */
type ContentKey = Exclude<
  keyof NewClassifiedRow,
  | "id"
  | "propertyId"
  | "urlKey"
  | "sourceUrl"
  | "status"
  | "imagesDigest"
  | "imageHashes"
  | "priceInitial"
  | "firstSeenAt"
  | "lastSeenAt"
  | "lastModifiedAt"
  | "removedAt"
>;

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
