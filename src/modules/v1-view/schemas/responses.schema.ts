import { z } from "zod";
import { ClassifiedDetail, ClassifiedListItem, ClassifiedLookup } from "./classified.schema.js";
import { MetaEnvelope, Timestamp } from "./common.schema.js";
import { Property, PropertyWithSirets } from "./property.schema.js";
import { responseComponent } from "./registry.js";

/** The bodies of the v1 responses, one per endpoint shape, and the error bodies. */

const Meta = responseComponent(MetaEnvelope, "Meta", "The caller's plan and data-access limits (2.2).");

/** 2.8: `GET /auth`. */
export const AuthResponse = responseComponent(
  z.strictObject({
    email: z.email().meta({ description: "E-mail address of the account." }),
    tokenName: z.string(),
    tokenCreatedAt: Timestamp,
    meta: Meta,
  }),
  "AuthResponse",
  "The account and token in use (2.8).",
);
export type AuthResponse = z.output<typeof AuthResponse>;

export const ClassifiedResponse = responseComponent(z.strictObject({ classified: ClassifiedDetail, meta: Meta }), "ClassifiedResponse");
export type ClassifiedResponse = z.output<typeof ClassifiedResponse>;

export const ClassifiedLookupResponse = responseComponent(z.strictObject({ classified: ClassifiedLookup, meta: Meta }), "ClassifiedLookupResponse");
export type ClassifiedLookupResponse = z.output<typeof ClassifiedLookupResponse>;

export const PropertyResponse = responseComponent(z.strictObject({ property: Property, meta: Meta }), "PropertyResponse");
export type PropertyResponse = z.output<typeof PropertyResponse>;

export const ClassifiedPropertyResponse = responseComponent(z.strictObject({ property: PropertyWithSirets, meta: Meta }), "ClassifiedPropertyResponse");
export type ClassifiedPropertyResponse = z.output<typeof ClassifiedPropertyResponse>;

export const PropertyClassifiedsResponse = responseComponent(
  z.strictObject({ classifieds: z.array(ClassifiedListItem), meta: Meta }),
  "PropertyClassifiedsResponse",
);
export type PropertyClassifiedsResponse = z.output<typeof PropertyClassifiedsResponse>;

export const PropertySearchResponse = responseComponent(
  z.strictObject({
    items: z.array(Property),
    meta: MetaEnvelope.extend({
      page: z.int().min(1),
      nextPage: z.int().min(2).nullable().meta({ description: "The next page, or null on the last one." }),
      perPage: z.int().min(1),
      total: z.int().min(0).meta({
        description: "Number of properties that match: exact up to 10,000; beyond, 10,000 and `totalIsExact` is false.",
      }),
      totalIsExact: z.boolean().meta({ description: "False when more properties match than `total` says (it is then a lower bound)." }),
      totalPages: z.int().min(0).meta({ description: "Pages that can be requested (at most the page limit)." }),
    }),
  }),
  "PropertySearchResponse",
);
export type PropertySearchResponse = z.output<typeof PropertySearchResponse>;

/** 401, 404, 405, 429, 500 and the other errors: a message only. */
export const ErrorBody = responseComponent(z.strictObject({ message: z.string() }), "Error");

/** 422: the message and, per field, what is wrong with it. */
export const ValidationErrorBody = responseComponent(
  z.strictObject({ message: z.string(), errors: z.record(z.string(), z.array(z.string())) }),
  "ValidationError",
  "The request is invalid: `errors` lists, per field, what is wrong with it.",
);
