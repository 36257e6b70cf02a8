import * as published from "@immoteur/openapi-zod";

/**
 * The published v1 schemas (`@immoteur/openapi-zod`) as contract-test oracles, exactly as published: every
 * answer of the REST layer and every webhook body must pass them, as a client validating with them would ask.
 */
export const PublishedProperty = published.Property;
export const PublishedClassified = published.Classified;

export const ClassifiedsShow200Response = published.ClassifiedsShow200Response;
export const ClassifiedsLookup200Response = published.ClassifiedsLookup200Response;
export const PropertiesClassifiedsIndex200Response = published.PropertiesClassifiedsIndex200Response;
export const Auth200Response = published.Auth200Response;
export const PropertiesShow200Response = published.PropertiesShow200Response;
export const PropertiesLookup200Response = published.PropertiesLookup200Response;
export const ClassifiedsPropertyShow200Response = published.ClassifiedsPropertyShow200Response;
export const PropertySearch200Response = published.PropertySearch200Response;

export const ValidationError = published.ValidationError;
export const UnauthorizedError = published.UnauthorizedError;
