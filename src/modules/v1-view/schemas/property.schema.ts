import { z } from "zod";
import { responseComponent } from "./registry.js";
import {
  EnergyLabel,
  Image,
  LocationWithCoordinates,
  Price,
  IdentifiedPricePoint,
  PropertyType,
  PublisherType,
  Source,
  Status,
  Timestamp,
  TransactionType,
  Uuid,
} from "./common.schema.js";

/** Fields of representation 2.4 shared by both of its variants. */
const classifiedSummaryShape = {
  id: Uuid,
  status: Status,
  description: z.string().nullable(),
  source: Source,
  publisher: z.strictObject({
    isProfessional: z.boolean(),
    type: PublisherType.optional(),
    email: z.string().optional(),
    phone: z.string().optional().meta({ description: "E.164." }),
    feesUrl: z.string().optional(),
    siren: z.string().optional(),
  }),
  /** Flat: no `price` sub-object in a summary. */
  transaction: z.strictObject({
    current: Price,
    initial: Price,
    perSquareUnit: Price.optional(),
    history: z.array(IdentifiedPricePoint),
  }),
};

/** 2.4 as embedded by `GET /properties/{id}` and the search: no `publisher.siret`. */
export const ClassifiedSummary = responseComponent(
  z.strictObject(classifiedSummaryShape),
  "ClassifiedSummary",
  "A classified embedded in a property (2.4), without the publisher's SIRET.",
);
export type ClassifiedSummary = z.output<typeof ClassifiedSummary>;

/** 2.4 as embedded by `GET /classifieds/{id}/property`: with `publisher.siret`. */
export const ClassifiedSummaryWithSiret = responseComponent(
  z.strictObject({
    ...classifiedSummaryShape,
    publisher: classifiedSummaryShape.publisher.extend({ siret: z.string().optional() }),
  }),
  "ClassifiedSummaryWithSiret",
  "A classified embedded in a property (2.4), with the publisher's SIRET.",
);
export type ClassifiedSummaryWithSiret = z.output<typeof ClassifiedSummaryWithSiret>;

/** Fields of representation 2.3 other than its embedded classifieds. */
const propertyShape = {
  id: Uuid,
  status: Status,
  description: z.string().nullable(),
  location: LocationWithCoordinates,
  meta: z.strictObject({ firstSeenAt: Timestamp, lastSeenAt: Timestamp }),
  property: z.strictObject({
    type: PropertyType,
    area: z.number().min(0).optional(),
    bedroomCount: z.int().min(0).optional(),
    roomCount: z.int().min(0).optional(),
    balconyExists: z.boolean().optional(),
    terraceExists: z.boolean().optional(),
    parkingExists: z.boolean().optional(),
  }),
  media: z.strictObject({ images: z.array(Image) }),
  energy: z.strictObject({
    dpe: z.strictObject({ label: EnergyLabel }).optional(),
    ges: z.strictObject({ label: EnergyLabel }).optional(),
  }),
  transaction: z.strictObject({
    type: TransactionType,
    price: z.strictObject({
      initial: Price,
      current: Price,
      perSquareUnit: Price.optional(),
      history: z.array(IdentifiedPricePoint),
    }),
  }),
};

/** 2.3 as returned by `GET /properties/{id}`, `GET /properties/lookup` and the search. */
export const Property = responseComponent(
  z.strictObject({ ...propertyShape, classifieds: z.array(ClassifiedSummary) }),
  "Property",
  "A property (2.3): the real-world object that groups the classifieds of one or more portals.",
);
export type Property = z.output<typeof Property>;

/** 2.3 as returned by `GET /classifieds/{id}/property`: embedded classifieds carry `publisher.siret`. */
export const PropertyWithSirets = responseComponent(
  z.strictObject({ ...propertyShape, classifieds: z.array(ClassifiedSummaryWithSiret) }),
  "PropertyWithSirets",
  "A property (2.3) whose embedded classifieds carry the publisher's SIRET.",
);
export type PropertyWithSirets = z.output<typeof PropertyWithSirets>;
