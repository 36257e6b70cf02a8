import { integer, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { classifieds } from "./classifieds.js";

/** The images of a classified in portal order, with the perceptual hashes used to match properties. */
export const classifiedImages = pgTable(
  "classified_images",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    classifiedId: uuid("classified_id")
      .notNull()
      .references(() => classifieds.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    url: text("url").notNull(),
    perceptualHash: text("perceptual_hash"),
    differenceHash: text("difference_hash"),
    averageHash: text("average_hash"),
  },
  // No index on the hashes: grouping compares them by Hamming distance in the pipeline, never by equality.
  (t) => [uniqueIndex("classified_images_position_idx").on(t.classifiedId, t.position)],
);

export type ClassifiedImageRow = typeof classifiedImages.$inferSelect;
