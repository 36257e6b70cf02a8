import type { ClassifiedRow, PropertyRow } from "../../db/schema/index.js";
import { listClassifiedImages, listClassifiedPriceHistory, listClassifiedsOfProperty } from "../classifieds/classifieds.service.js";
import { listPropertyImages, propertyDescriptionOf } from "../properties/properties.service.js";
import type { RequestContext } from "../request-context.js";
import type { ClassifiedParts } from "./representations/classified.representation.js";
import type { PropertyParts } from "./representations/property.representation.js";

/**
 * Gathers what a v1 representation embeds, through the shared services and the request's loaders (batched,
 * contract-bound). Called for many objects at once (a search page), the loaders turn it into one statement
 * per access path.
 */

export async function loadClassifiedParts(ctx: RequestContext, classified: ClassifiedRow): Promise<ClassifiedParts> {
  const [priceHistory, images] = await Promise.all([listClassifiedPriceHistory(ctx, classified.id), listClassifiedImages(ctx, classified.id)]);
  return { classified, priceHistory, images };
}

/** A classified with its price history only (the lookup representation shows no images). */
export async function loadClassifiedWithHistory(ctx: RequestContext, classified: ClassifiedRow) {
  return { classified, priceHistory: await listClassifiedPriceHistory(ctx, classified.id) };
}

export async function loadPropertyParts(ctx: RequestContext, property: PropertyRow): Promise<PropertyParts> {
  const visible = await listClassifiedsOfProperty(ctx, property.id);
  const [classifieds, images, description] = await Promise.all([
    Promise.all(visible.map((classified) => loadClassifiedWithHistory(ctx, classified))),
    listPropertyImages(ctx, property),
    propertyDescriptionOf(ctx, property),
  ]);
  return { property, description, classifieds, images };
}
