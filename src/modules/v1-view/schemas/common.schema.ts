import { z } from "zod";
import { ENERGY_LABELS, LISTING_STATUSES, PROPERTY_TYPES, PUBLISHER_TYPES, SUBSCRIPTION_PLANS, TRANSACTION_TYPES } from "../../../domain/enums.js";

/**
 * Building blocks shared by the v1 representations. Objects are strict: a representation carries exactly the
 * fields the v1 contract lists, so the OpenAPI document says `additionalProperties: false` and the contract
 * tests can check key sets against these schemas.
 *
 * Nullability follows the published v1 schemas: a field the published schema requires is always present (null
 * where it allows null); an optional one is left out when its value is unknown.
 */

/** A v1 identifier: a UUID in its canonical hyphenated form (any case, any version). */
export const Uuid = z.guid().meta({ description: "Identifier (UUID)." });

/** ISO 8601 date-time in UTC, e.g. `2024-05-01T08:30:00.000Z`. */
export const Timestamp = z.iso.datetime().meta({ description: "ISO 8601 date-time in UTC." });

export const ListingStatus = z.enum(LISTING_STATUSES);
export const TransactionType = z.enum(TRANSACTION_TYPES);
export const PropertyType = z.enum(PROPERTY_TYPES);
export const PublisherType = z.enum(PUBLISHER_TYPES);
export const EnergyLabel = z.enum(ENERGY_LABELS);
export const SubscriptionPlan = z.enum(SUBSCRIPTION_PLANS);

/** A price in euros: whole, never negative. */
export const Price = z.int().min(0);

export const Status = z.strictObject({ current: ListingStatus });

export const Source = z.strictObject({
  domain: z.string().meta({ description: "Domain of the originating portal." }),
  url: z.string().meta({ description: "URL of the listing on the portal." }),
});

export const City = z.strictObject({
  inseeCode: z.string().meta({ description: "INSEE code of the commune." }),
  name: z.string(),
});

/** `location` without coordinates (classified lists and lookups). */
export const LocationWithoutCoordinates = z.strictObject({
  city: City,
  country: z.literal("france"),
  department: z.string(),
  postcode: z.string(),
});

/** `location` with coordinates, which are left out when unknown. */
export const LocationWithCoordinates = LocationWithoutCoordinates.extend({
  latitude: z.number().min(-90).max(90).optional(),
  longitude: z.number().min(-180).max(180).optional(),
});

/** An image without its hashes. */
export const Image = z.strictObject({ id: Uuid, position: z.int(), url: z.string() });

/** An image with its perceptual, difference and average hashes (each left out when not computed). */
export const ImageWithHashes = Image.extend({
  perceptualHash: z.string().optional(),
  differenceHash: z.string().optional(),
  averageHash: z.string().optional(),
});

/**
 * A price history entry, with a stable `id`: a classified's entry is a stored row; a property's entry has an id
 * derived from the property, the time and the value (the published schemas require one everywhere).
 */
export const IdentifiedPricePoint = z.strictObject({ id: Uuid, value: Price, timestamp: Timestamp });

/** The envelope of every data response: the caller's plan and data-access limits (its contract). */
export const MetaEnvelope = z.strictObject({
  subscriptionPlan: SubscriptionPlan,
  dataAccessLimit: z.strictObject({
    departments: z.array(z.string()).meta({ description: "Department codes the caller may access." }),
    sirens: z.array(z.string()).meta({
      description: "Publisher SIRENs the caller may access. When both `sirens` and `sirets` are empty, any publisher.",
    }),
    sirets: z.array(z.string()).meta({
      description: "Publisher SIRETs the caller may access. When both `sirens` and `sirets` are empty, any publisher.",
    }),
  }),
});
export type MetaEnvelope = z.output<typeof MetaEnvelope>;
