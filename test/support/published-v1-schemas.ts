import * as published from "@immoteur/openapi-zod";
import { z } from "zod";

/**
 * The published v1 schemas (`@immoteur/openapi-zod`) as contract-test oracles, with the two places where our
 * interface specification explicitly departs from them applied:
 * - a property's price history entries have no `id` (spec 2.3, "no `id`");
 * - the history of a classified embedded in a property lists `value` and `timestamp` only (spec 2.4).
 * Everything else is validated exactly as published.
 */

/** The package types its schemas as plain ZodType; at run time they are objects, which this checks. */
function objectSchema(schema: unknown): z.ZodObject {
  if (!(schema instanceof z.ZodObject)) throw new Error("expected a published object schema");
  return schema;
}

const PropertyPricePoint = objectSchema(published.TransactionPriceHistoryEntry).omit({ id: true });
const PropertyTransactionPrice = objectSchema(published.TransactionPrice).extend({ history: z.array(PropertyPricePoint) });

const EmbeddedClassified = objectSchema(published.PropertyClassified).extend({ transaction: PropertyTransactionPrice });

const propertyOverrides = {
  classifieds: z.array(EmbeddedClassified),
  transaction: objectSchema(published.Transaction).extend({ price: PropertyTransactionPrice }),
};

const Property = objectSchema(published.Property).extend(propertyOverrides);

/** A property (2.3) and a classified (2.5) as published, with the spec's departures applied. */
export const PublishedProperty = Property;
export const PublishedClassified = published.Classified;

export const ClassifiedsShow200Response = published.ClassifiedsShow200Response;
export const ClassifiedsLookup200Response = published.ClassifiedsLookup200Response;
export const PropertiesClassifiedsIndex200Response = published.PropertiesClassifiedsIndex200Response;
export const Auth200Response = published.Auth200Response;
export const PropertiesShow200Response = objectSchema(published.PropertiesShow200Response).extend({ property: Property });
export const PropertiesLookup200Response = objectSchema(published.PropertiesLookup200Response).extend({ property: Property });
export const ClassifiedsPropertyShow200Response = objectSchema(published.ClassifiedsPropertyShow200Response).extend({
  property: Property,
});

const searchResponse = objectSchema(published.PropertySearch200Response);
const items = searchResponse.shape["items"];
const item = items instanceof z.ZodArray ? objectSchema(items.element) : undefined;
if (item === undefined) throw new Error("expected the published search response to list items");
export const PropertySearch200Response = searchResponse.extend({ items: z.array(item.extend(propertyOverrides)) });

export const ValidationError = published.ValidationError;
export const UnauthorizedError = published.UnauthorizedError;
