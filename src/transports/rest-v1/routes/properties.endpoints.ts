import { listClassifiedsOfProperty } from "../../../modules/classifieds/classifieds.service.js";
import { findPropertyByUrl, getProperty } from "../../../modules/properties/properties.service.js";
import { notFound } from "../../../errors.js";
import { defineEndpoint } from "../endpoint.js";
import { loadClassifiedParts, loadPropertyParts } from "../../../modules/v1-view/read-model.js";
import { classifiedListItem } from "../../../modules/v1-view/representations/classified.representation.js";
import { metaEnvelope } from "../../../modules/v1-view/representations/meta.representation.js";
import { propertyRepresentation } from "../../../modules/v1-view/representations/property.representation.js";
import { IdParams, UrlQuery } from "../../../modules/v1-view/schemas/requests.schema.js";
import { PropertyClassifiedsResponse, PropertyResponse } from "../../../modules/v1-view/schemas/responses.schema.js";

/** `/properties/...`: a property by id or URL, and its classifieds. */

export const getPropertyEndpoint = defineEndpoint({
  method: "GET",
  path: "/properties/{id}",
  operationId: "propertiesShow",
  summary: "A property by id",
  description: "The property (representation 2.3) with the classifieds the caller may see (2.4, without `publisher.siret`).",
  params: IdParams,
  response: PropertyResponse,
  canBeNotFound: true,
  async handle(ctx, { params }) {
    const row = await getProperty(ctx, params.id, { withClassifieds: true });
    if (row === null) throw notFound("Property");
    return { property: propertyRepresentation(await loadPropertyParts(ctx, row)), meta: metaEnvelope(ctx.viewer) };
  },
});

export const propertyClassifiedsEndpoint = defineEndpoint({
  method: "GET",
  path: "/properties/{id}/classifieds",
  operationId: "propertiesClassifiedsIndex",
  summary: "The classifieds of a property",
  description: "The classifieds of the property that the caller may see (representation 2.6), oldest first.",
  params: IdParams,
  response: PropertyClassifiedsResponse,
  canBeNotFound: true,
  async handle(ctx, { params }) {
    const property = await getProperty(ctx, params.id, { withClassifieds: true });
    if (property === null) throw notFound("Property");
    const rows = await listClassifiedsOfProperty(ctx, property.id);
    const parts = await Promise.all(rows.map((row) => loadClassifiedParts(ctx, row)));
    return { classifieds: parts.map(classifiedListItem), meta: metaEnvelope(ctx.viewer) };
  },
});

export const lookupPropertyEndpoint = defineEndpoint({
  method: "GET",
  path: "/properties/lookup",
  operationId: "propertiesLookup",
  summary: "The property of a classified, by the classified's URL",
  description: "The property (2.3) that groups the classified published at `url`; matching as in `/classifieds/lookup`.",
  query: UrlQuery,
  response: PropertyResponse,
  canBeNotFound: true,
  async handle(ctx, { query }) {
    const row = await findPropertyByUrl(ctx, query.url, { withClassifieds: true });
    if (row === null) throw notFound("Property");
    return { property: propertyRepresentation(await loadPropertyParts(ctx, row)), meta: metaEnvelope(ctx.viewer) };
  },
});
