import { badInput } from "../../../errors.js";
import { searchPropertyRows } from "../../../modules/properties/properties.service.js";
import { planLimits } from "../../../modules/rate-limit/plans.js";
import type { RequestContext } from "../../../modules/request-context.js";
import type { PropertySearchFilter } from "../../../modules/search/search.types.js";
import { defineEndpoint } from "../endpoint.js";
import { loadPropertyParts } from "../../../modules/v1-view/read-model.js";
import { metaEnvelope } from "../../../modules/v1-view/representations/meta.representation.js";
import { propertyRepresentation } from "../../../modules/v1-view/representations/property.representation.js";
import { SEARCH_MAX_PAGE, SEARCH_PAGE_SIZE, SearchBody } from "../../../modules/v1-view/schemas/requests.schema.js";
import { PropertySearchResponse } from "../../../modules/v1-view/schemas/responses.schema.js";

/** The deepest page the caller's plan reaches: v1's 500, or less when the plan's result window is smaller. */
export function lastReachablePage(ctx: RequestContext): number {
  return Math.min(SEARCH_MAX_PAGE, Math.floor(planLimits(ctx.viewer.plan).maxResultWindow / SEARCH_PAGE_SIZE));
}

export const searchPropertiesEndpoint = defineEndpoint({
  method: "POST",
  path: "/properties/search",
  operationId: "propertySearch",
  summary: "Search properties",
  description:
    `Properties that match every given filter, ${SEARCH_PAGE_SIZE} per page. The caller's contract is an implicit ` +
    "filter. Unknown fields are refused (422). `totalPages` counts the pages the caller's plan can reach.",
  body: SearchBody,
  response: PropertySearchResponse,
  canBeNotFound: false,
  async handle(ctx, { body }) {
    const { page, sortBy, orderBy, ...filter } = body;
    const maxPage = lastReachablePage(ctx);
    if (page > maxPage) {
      throw badInput(`page: must be at most ${maxPage} on the ${ctx.viewer.plan} plan`, {
        page: [`must be at most ${maxPage} on the ${ctx.viewer.plan} plan`],
      });
    }
    const searchFilter: PropertySearchFilter = filter;
    // Each property embeds its classifieds with their prices (not their images): read with the page.
    const { rows, total, totalIsExact } = await searchPropertyRows(
      ctx,
      searchFilter,
      { by: sortBy, order: orderBy },
      { offset: (page - 1) * SEARCH_PAGE_SIZE, limit: SEARCH_PAGE_SIZE },
      { withClassifieds: { priceHistory: true } },
    );
    const parts = await Promise.all(rows.map((row) => loadPropertyParts(ctx, row)));
    const totalPages = Math.min(Math.ceil(total / SEARCH_PAGE_SIZE), maxPage);
    return {
      items: parts.map(propertyRepresentation),
      meta: {
        ...metaEnvelope(ctx.viewer),
        page,
        nextPage: page < totalPages ? page + 1 : null,
        perPage: SEARCH_PAGE_SIZE,
        total,
        totalIsExact,
        totalPages,
      },
    };
  },
});
