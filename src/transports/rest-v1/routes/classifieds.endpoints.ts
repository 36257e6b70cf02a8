import { findClassifiedByUrl, getClassified } from "../../../modules/classifieds/classifieds.service.js";
import { getProperty } from "../../../modules/properties/properties.service.js";
import { notFound } from "../../../errors.js";
import { defineEndpoint } from "../endpoint.js";
import { loadClassifiedParts, loadClassifiedWithHistory, loadPropertyParts } from "../../../modules/v1-view/read-model.js";
import { classifiedDetail, classifiedLookup } from "../../../modules/v1-view/representations/classified.representation.js";
import { metaEnvelope } from "../../../modules/v1-view/representations/meta.representation.js";
import { propertyWithSirets } from "../../../modules/v1-view/representations/property.representation.js";
import { IdParams, UrlQuery } from "../../../modules/v1-view/schemas/requests.schema.js";
import { ClassifiedLookupResponse, ClassifiedPropertyResponse, ClassifiedResponse } from "../../../modules/v1-view/schemas/responses.schema.js";

/** `/classifieds/...`: a classified by id or URL, and the property that groups it. */

export const getClassifiedEndpoint = defineEndpoint({
  method: "GET",
  path: "/classifieds/{id}",
  operationId: "classifiedsShow",
  summary: "A classified by id",
  description: "The classified (representation 2.5). An id outside the caller's contract answers 404, like an unknown one.",
  params: IdParams,
  response: ClassifiedResponse,
  canBeNotFound: true,
  async handle(ctx, { params }) {
    const row = await getClassified(ctx, params.id);
    if (row === null) throw notFound("Classified");
    return { classified: classifiedDetail(await loadClassifiedParts(ctx, row)), meta: metaEnvelope(ctx.viewer) };
  },
});

export const lookupClassifiedEndpoint = defineEndpoint({
  method: "GET",
  path: "/classifieds/lookup",
  operationId: "classifiedsLookup",
  summary: "A classified by its URL on the portal",
  description:
    "The classified published at `url` (representation 2.7). The scheme may be left out; the fragment, tracking " +
    "parameters (`utm_*`, `gclid`, `fbclid`...), `www.` and the case of the host are ignored.",
  query: UrlQuery,
  response: ClassifiedLookupResponse,
  canBeNotFound: true,
  async handle(ctx, { query }) {
    const row = await findClassifiedByUrl(ctx, query.url);
    if (row === null) throw notFound("Classified");
    return { classified: classifiedLookup(await loadClassifiedWithHistory(ctx, row)), meta: metaEnvelope(ctx.viewer) };
  },
});

export const classifiedPropertyEndpoint = defineEndpoint({
  method: "GET",
  path: "/classifieds/{id}/property",
  operationId: "classifiedsPropertyShow",
  summary: "The property that groups a classified",
  description: "The property (representation 2.3) whose embedded classifieds (2.4) carry `publisher.siret`.",
  params: IdParams,
  response: ClassifiedPropertyResponse,
  canBeNotFound: true,
  async handle(ctx, { params }) {
    const classified = await getClassified(ctx, params.id);
    const property = classified === null ? null : await getProperty(ctx, classified.propertyId);
    if (property === null) throw notFound("Classified");
    return { property: propertyWithSirets(await loadPropertyParts(ctx, property)), meta: metaEnvelope(ctx.viewer) };
  },
});
