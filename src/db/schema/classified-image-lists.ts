import { jsonb, pgTable, uuid } from "drizzle-orm/pg-core";
import { classifieds } from "./classifieds.js";

/**
 * One stored image: `[id, url, perceptualHash, differenceHash, averageHash]`. Its position is its index in the
 * list. Arrays rather than objects: the key names would be most of the bytes of every list written and read.
 */
export type StoredImage = [id: string, url: string, perceptualHash: string | null, differenceHash: string | null, averageHash: string | null];

/**
 * The images of a classified in portal order, one row per classified with at least one image. A list is
 * written and read whole: a classified has eight images on average and up to 200, and one row each made the
 * images most of the rows, index entries and foreign key checks of an ingest.
 */
export const classifiedImageLists = pgTable("classified_image_lists", {
  classifiedId: uuid("classified_id")
    .primaryKey()
    .references(() => classifieds.id, { onDelete: "cascade" }),
  images: jsonb("images").$type<StoredImage[]>().notNull(),
});

export type ClassifiedImageListRow = typeof classifiedImageLists.$inferSelect;

/** One image of a classified, as the reads give it (classifieds.repository.ts expands the stored lists). */
export type ClassifiedImageRow = {
  id: string;
  classifiedId: string;
  position: number;
  url: string;
  perceptualHash: string | null;
  differenceHash: string | null;
  averageHash: string | null;
};

/** The images of a stored list, in position order. */
export function imagesOfList(classifiedId: string, images: readonly StoredImage[]): ClassifiedImageRow[] {
  return images.map(([id, url, perceptualHash, differenceHash, averageHash], position) => ({
    id,
    classifiedId,
    position,
    url,
    perceptualHash,
    differenceHash,
    averageHash,
  }));
}
