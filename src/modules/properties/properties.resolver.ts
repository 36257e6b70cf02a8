import { UUIDResolver } from "graphql-scalars";
import type { GraphQLResolveInfo } from "graphql";
import { Arg, Ctx, FieldResolver, Info, Int, Query, Resolver, Root } from "type-graphql";
import { badInput } from "../../errors.js";
import { toClassifiedView } from "../classifieds/classifieds.mapper.js";
import { checkUrlLength } from "../classifieds/classifieds.resolver.js";
import { listClassifiedsOfProperty } from "../classifieds/classifieds.service.js";
import { ClassifiedView } from "../classifieds/classifieds.types.js";
import { ImageView } from "../common/common.types.js";
import { selectionAsksFor } from "../common/selection.js";
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, connectionCost, listCost, loadCost } from "../common/cost.js";
import { toImageView } from "../classifieds/classifieds.mapper.js";
import { planLimits } from "../rate-limit/plans.js";
import type { RequestContext } from "../request-context.js";
import { encodeCursor, pageAfter } from "./cursor.js";
import type { SortPosition } from "../search/search.types.js";
import { PropertyConnectionView } from "./properties-connection.types.js";
import { toSearchFilter } from "./properties-filter.mapper.js";
import { PropertyFilterInput, PropertyOrderInput } from "./properties-filter.types.js";
import { toPropertyView } from "./properties.mapper.js";
import { findPropertyByUrl, getProperty, listPropertyImages, propertyDescriptionOf, searchPropertyRows, type WithClassifieds } from "./properties.service.js";
import { PropertyMediaView, PropertyView } from "./properties.types.js";

/** The fields of a property that read its visible classifieds (media: its images come from one of them). */
const CLASSIFIEDS_READERS = ["classifieds", "description", "media"];
const readsClassifieds = selectionAsksFor(CLASSIFIEDS_READERS);

/**
 * What a search page's query will show of its properties' classifieds, read with the page: the classifieds,
 * and their images and prices when it shows those of every one. Measured in `npm run bench:graphql`: a page of
 * 20 properties with every field served about 10% more requests with its classifieds' images and prices read
 * in the round trip of the classifieds. One property does not gain: PostgreSQL spends more planning the two
 * statements that find images and prices through the property than the round trip saves.
 */
const pageReadsClassifieds = selectionAsksFor(CLASSIFIEDS_READERS.map((field) => `edges.node.${field}`));
const pageReadsImages = selectionAsksFor(["edges.node.classifieds.media.images"]);
const pageReadsPriceHistory = selectionAsksFor(["edges.node.classifieds.transaction.price.history"]);
const classifiedsShownOnPage = (info: GraphQLResolveInfo): WithClassifieds => ({
  withClassifieds: pageReadsClassifieds(info) && { images: pageReadsImages(info), priceHistory: pageReadsPriceHistory(info) },
});

@Resolver(() => PropertyView)
export class PropertyResolver {
  @Query(() => PropertyView, { nullable: true, complexity: loadCost, description: "A property by id; null when absent or outside your contract." })
  async property(@Arg("id", () => UUIDResolver) id: string, @Ctx() ctx: RequestContext, @Info() info: GraphQLResolveInfo): Promise<PropertyView | null> {
    const row = await getProperty(ctx, id, { withClassifieds: readsClassifieds(info) });
    return row && toPropertyView(row);
  }

  @Query(() => PropertyView, { nullable: true, complexity: loadCost, description: "The property of the classified published at this URL." })
  async propertyByUrl(@Arg("url", () => String) url: string, @Ctx() ctx: RequestContext, @Info() info: GraphQLResolveInfo): Promise<PropertyView | null> {
    checkUrlLength(url);
    const row = await findPropertyByUrl(ctx, url, { withClassifieds: readsClassifieds(info) });
    return row && toPropertyView(row);
  }

  @Query(() => PropertyConnectionView, { complexity: connectionCost, description: "Property search, as a Relay connection." })
  async properties(
    @Arg("filter", () => PropertyFilterInput, { nullable: true }) filter: PropertyFilterInput | null,
    @Arg("orderBy", () => PropertyOrderInput, { nullable: true }) orderBy: PropertyOrderInput | null,
    @Arg("first", () => Int, { defaultValue: DEFAULT_PAGE_SIZE, description: `Page size, 0..${MAX_PAGE_SIZE}.` }) first: number,
    @Arg("after", () => String, { nullable: true }) after: string | null,
    @Ctx() ctx: RequestContext,
    @Info() info: GraphQLResolveInfo,
  ): Promise<PropertyConnectionView> {
    if (first < 0 || first > MAX_PAGE_SIZE)
      throw badInput(`first must be between 0 and ${MAX_PAGE_SIZE}.`, { first: [`must be between 0 and ${MAX_PAGE_SIZE}`] });
    const sort = { by: orderBy?.field ?? "firstSeenAt", order: orderBy?.direction ?? "desc" } as const;
    const start = pageAfter(after, sort);
    const window = planLimits(ctx.viewer.plan).maxResultWindow;
    if (start.offset + first > window) {
      throw badInput(`Results beyond the first ${window} are not available on your plan.`, { after: [`reaches past result ${window}`] });
    }
    const found = await searchPropertyRows(ctx, toSearchFilter(filter), sort, { ...start, limit: first }, classifiedsShownOnPage(info));
    const edges = found.rows.map((row, index) => ({
      cursor: encodeCursor(start.offset + index, sort, found.positions[index] as SortPosition), // one position per row
      node: toPropertyView(row),
    }));
    return {
      edges,
      totalCount: found.total,
      totalCountIsExact: found.totalIsExact,
      pageInfo: {
        hasNextPage: start.offset + found.rows.length < found.total,
        hasPreviousPage: start.offset > 0,
        startCursor: edges[0]?.cursor ?? null,
        endCursor: edges[edges.length - 1]?.cursor ?? null,
      },
    };
  }

  @FieldResolver(() => String, { nullable: true, complexity: loadCost, description: "Text of the lead classified (or of one you may see)." })
  async description(@Root() property: PropertyView, @Ctx() ctx: RequestContext): Promise<string | null> {
    return propertyDescriptionOf(ctx, property.row);
  }

  @FieldResolver(() => [ClassifiedView], { complexity: listCost, description: "Its classifieds within your contract, oldest first." })
  async classifieds(@Root() property: PropertyView, @Ctx() ctx: RequestContext): Promise<ClassifiedView[]> {
    return (await listClassifiedsOfProperty(ctx, property.id)).map(toClassifiedView);
  }
}

@Resolver(() => PropertyMediaView)
export class PropertyMediaResolver {
  @FieldResolver(() => [ImageView], { complexity: listCost, description: "Images of the lead classified (or of one you may see)." })
  async images(@Root() media: PropertyMediaView, @Ctx() ctx: RequestContext): Promise<ImageView[]> {
    return (await listPropertyImages(ctx, media.property)).map(toImageView);
  }
}
