import { UUIDResolver } from "graphql-scalars";
import { Arg, Ctx, FieldResolver, Query, Resolver, Root } from "type-graphql";
import { badInput } from "../../errors.js";
import { ImageView } from "../common/common.types.js";
import { listCost, loadCost } from "../common/cost.js";
import { getProperty } from "../properties/properties.service.js";
import { toPropertyView } from "../properties/properties.mapper.js";
import { PropertyView } from "../properties/properties.types.js";
import type { RequestContext } from "../request-context.js";
import { toClassifiedPricePointView, toClassifiedView, toImageView } from "./classifieds.mapper.js";
import { findClassifiedByUrl, getClassified, listClassifiedImages, listClassifiedPriceHistory } from "./classifieds.service.js";
import { ClassifiedMediaView, ClassifiedPricePointView, ClassifiedPriceView, ClassifiedView } from "./classifieds.types.js";

/** Lookup length bounds of the v1 API (`url` query parameter). */
const URL_LENGTH = { min: 3, max: 2048 };

@Resolver(() => ClassifiedView)
export class ClassifiedResolver {
  @Query(() => ClassifiedView, { nullable: true, complexity: loadCost, description: "A classified by id; null when absent or outside your contract." })
  async classified(@Arg("id", () => UUIDResolver) id: string, @Ctx() ctx: RequestContext): Promise<ClassifiedView | null> {
    const row = await getClassified(ctx, id);
    return row && toClassifiedView(row);
  }

  @Query(() => ClassifiedView, {
    nullable: true,
    complexity: loadCost,
    description: "A classified by its URL on the portal (scheme optional; fragment and tracking parameters ignored).",
  })
  async classifiedByUrl(@Arg("url", () => String) url: string, @Ctx() ctx: RequestContext): Promise<ClassifiedView | null> {
    checkUrlLength(url);
    const row = await findClassifiedByUrl(ctx, url);
    return row && toClassifiedView(row);
  }

  @FieldResolver(() => PropertyView, { nullable: true, complexity: loadCost, description: "The property this classified publishes." })
  async property(@Root() classified: ClassifiedView, @Ctx() ctx: RequestContext): Promise<PropertyView | null> {
    const row = await getProperty(ctx, classified.propertyId);
    return row && toPropertyView(row);
  }
}

@Resolver(() => ClassifiedPriceView)
export class ClassifiedPriceResolver {
  @FieldResolver(() => [ClassifiedPricePointView], { complexity: listCost, description: "Every price, oldest first." })
  async history(@Root() price: ClassifiedPriceView, @Ctx() ctx: RequestContext): Promise<ClassifiedPricePointView[]> {
    return (await listClassifiedPriceHistory(ctx, price.classifiedId)).map(toClassifiedPricePointView);
  }
}

@Resolver(() => ClassifiedMediaView)
export class ClassifiedMediaResolver {
  @FieldResolver(() => [ImageView], { complexity: listCost, description: "Images in portal order." })
  async images(@Root() media: ClassifiedMediaView, @Ctx() ctx: RequestContext): Promise<ImageView[]> {
    return (await listClassifiedImages(ctx, media.classifiedId)).map(toImageView);
  }
}

/** Checks the length bounds of a lookup URL (the v1 rule), before any SQL. */
export function checkUrlLength(url: string): void {
  if (url.length < URL_LENGTH.min || url.length > URL_LENGTH.max) {
    throw badInput(`url must be ${URL_LENGTH.min} to ${URL_LENGTH.max} characters long.`, {
      url: [`must be ${URL_LENGTH.min} to ${URL_LENGTH.max} characters long`],
    });
  }
}
