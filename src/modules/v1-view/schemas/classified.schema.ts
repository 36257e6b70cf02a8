import { z } from "zod";
import { responseComponent } from "./registry.js";
import {
  IdentifiedPricePoint,
  Image,
  ImageWithHashes,
  LocationWithCoordinates,
  LocationWithoutCoordinates,
  Price,
  PropertyType,
  Source,
  Status,
  Timestamp,
  TransactionType,
  Uuid,
} from "./common.schema.js";

const Currency = z.literal("euro");
const SquareUnit = z.literal("squareMeter");
const Publisher = z.strictObject({
  isProfessional: z.boolean(),
  siren: z.string().optional(),
  siret: z.string().optional(),
});
const ClassifiedMeta = z.strictObject({
  firstSeenAt: Timestamp,
  lastModifiedAt: Timestamp,
  lastSeenAt: Timestamp,
  removedAt: Timestamp.nullable().meta({ description: "When the listing left its portal; null while it is published." }),
});
const contactShape = {
  name: z.string().optional(),
  email: z.string().optional(),
  phoneExists: z.boolean(),
  isRefusingSolicitation: z.boolean().optional(),
};
const count = z.int().min(0).optional();

/** 2.5: `GET /classifieds/{id}`. */
export const ClassifiedDetail = responseComponent(
  z.strictObject({
    id: Uuid,
    propertyId: Uuid,
    status: Status,
    currency: Currency,
    squareUnit: SquareUnit,
    title: z.string().optional(),
    description: z.string().optional(),
    source: Source,
    publisher: Publisher,
    contact: z.strictObject({ ...contactShape, phone: z.string().optional().meta({ description: "E.164." }) }),
    meta: ClassifiedMeta,
    location: LocationWithCoordinates,
    property: z.strictObject({
      type: PropertyType,
      area: z.number().min(0).optional(),
      roomCount: count,
      bedroomCount: count,
      bathroomCount: count,
      balconyExists: z.boolean().optional(),
      propertyIsProgram: z.boolean().optional(),
    }),
    transaction: z.strictObject({
      type: TransactionType,
      isExclusiveMandate: z.boolean().optional(),
      price: z.strictObject({
        current: Price,
        initial: Price,
        perSquareUnit: Price.optional(),
        history: z.array(IdentifiedPricePoint),
      }),
    }),
    media: z.strictObject({ images: z.array(ImageWithHashes) }),
  }),
  "ClassifiedDetail",
  "A classified (2.5): one listing as published on one portal.",
);
export type ClassifiedDetail = z.output<typeof ClassifiedDetail>;

/** 2.6: an element of `GET /properties/{id}/classifieds`: 2.5 less the phone, coordinates, hashes and some attributes. */
export const ClassifiedListItem = responseComponent(
  ClassifiedDetail.extend({
    contact: z.strictObject(contactShape),
    location: LocationWithoutCoordinates,
    property: z.strictObject({
      type: PropertyType,
      area: z.number().min(0).optional(),
      bedroomCount: count,
      roomCount: count,
      balconyExists: z.boolean().optional(),
    }),
    media: z.strictObject({ images: z.array(Image) }),
  }),
  "ClassifiedListItem",
  "A classified in a property's list (2.6).",
);
export type ClassifiedListItem = z.output<typeof ClassifiedListItem>;

/** 2.7: `GET /classifieds/lookup`. */
export const ClassifiedLookup = responseComponent(
  z.strictObject({
    id: Uuid,
    propertyId: Uuid,
    status: Status,
    currency: Currency,
    squareUnit: SquareUnit,
    meta: ClassifiedMeta,
    source: Source,
    property: z.strictObject({ type: PropertyType }),
    publisher: Publisher,
    location: LocationWithoutCoordinates,
    transaction: z.strictObject({
      type: TransactionType,
      isExclusiveMandate: z.boolean().optional(),
      price: z.strictObject({ current: Price, initial: Price, history: z.array(IdentifiedPricePoint) }),
    }),
  }),
  "ClassifiedLookup",
  "A classified found by its URL (2.7).",
);
export type ClassifiedLookup = z.output<typeof ClassifiedLookup>;
