import type { ClassifiedImageRow, ClassifiedPriceHistoryRow, ClassifiedRow } from "../../../db/schema/index.js";
import type { ClassifiedDetail, ClassifiedListItem, ClassifiedLookup } from "../schemas/classified.schema.js";
import {
  compact,
  identifiedHistory,
  imagesWithHashes,
  iso,
  isProfessional,
  locationWithCoordinates,
  locationWithoutCoordinates,
  opt,
  plainImages,
  propertyTypeOf,
  statusOf,
  transactionTypeOf,
} from "./shared.js";

/** A classified with what its representations embed. */
export type ClassifiedParts = {
  classified: ClassifiedRow;
  priceHistory: readonly ClassifiedPriceHistoryRow[];
  images: readonly ClassifiedImageRow[];
};

function publisherOf(row: ClassifiedRow) {
  return compact({ isProfessional: isProfessional(row), siren: opt(row.publisherSiren), siret: opt(row.publisherSiret) });
}

function metaOf(row: ClassifiedRow) {
  return {
    firstSeenAt: iso(row.firstSeenAt),
    lastModifiedAt: iso(row.lastModifiedAt),
    lastSeenAt: iso(row.lastSeenAt),
    removedAt: row.removedAt === null ? null : iso(row.removedAt),
  };
}

function contactWithoutPhone(row: ClassifiedRow) {
  return compact({
    name: opt(row.contactName),
    email: opt(row.contactEmail),
    phoneExists: row.contactPhone !== null,
    isRefusingSolicitation: opt(row.contactIsRefusingSolicitation),
  });
}

/** Representation 2.5: `GET /classifieds/{id}`. */
export function classifiedDetail({ classified: row, priceHistory, images }: ClassifiedParts): ClassifiedDetail {
  return compact({
    id: row.id,
    propertyId: row.propertyId,
    status: statusOf(row),
    currency: "euro",
    squareUnit: "squareMeter",
    title: opt(row.title),
    description: opt(row.description),
    source: { domain: row.sourceDomain, url: row.sourceUrl },
    publisher: publisherOf(row),
    contact: compact({ ...contactWithoutPhone(row), phone: opt(row.contactPhone) }),
    meta: metaOf(row),
    location: locationWithCoordinates(row),
    property: compact({
      type: propertyTypeOf(row),
      area: opt(row.area),
      roomCount: opt(row.roomCount),
      bedroomCount: opt(row.bedroomCount),
      bathroomCount: opt(row.bathroomCount),
      balconyExists: opt(row.balconyExists),
      propertyIsProgram: opt(row.propertyIsProgram),
    }),
    transaction: compact({
      type: transactionTypeOf(row),
      isExclusiveMandate: opt(row.isExclusiveMandate),
      price: compact({
        current: row.priceCurrent,
        initial: row.priceInitial,
        perSquareUnit: opt(row.pricePerSquareMeter),
        history: identifiedHistory(priceHistory),
      }),
    }),
    media: { images: imagesWithHashes(images) },
  });
}

/** Representation 2.6: one element of `GET /properties/{id}/classifieds`. */
export function classifiedListItem(parts: ClassifiedParts): ClassifiedListItem {
  const { classified: row, images } = parts;
  return {
    ...classifiedDetail(parts),
    contact: contactWithoutPhone(row),
    location: locationWithoutCoordinates(row),
    property: compact({
      type: propertyTypeOf(row),
      area: opt(row.area),
      bedroomCount: opt(row.bedroomCount),
      roomCount: opt(row.roomCount),
      balconyExists: opt(row.balconyExists),
    }),
    media: { images: plainImages(images) },
  };
}

/** Representation 2.7: `GET /classifieds/lookup`. Images are not part of it. */
export function classifiedLookup({ classified: row, priceHistory }: Omit<ClassifiedParts, "images">): ClassifiedLookup {
  return {
    id: row.id,
    propertyId: row.propertyId,
    status: statusOf(row),
    currency: "euro",
    squareUnit: "squareMeter",
    meta: metaOf(row),
    source: { domain: row.sourceDomain, url: row.sourceUrl },
    property: { type: propertyTypeOf(row) },
    publisher: publisherOf(row),
    location: locationWithoutCoordinates(row),
    transaction: compact({
      type: transactionTypeOf(row),
      isExclusiveMandate: opt(row.isExclusiveMandate),
      price: { current: row.priceCurrent, initial: row.priceInitial, history: identifiedHistory(priceHistory) },
    }),
  };
}
