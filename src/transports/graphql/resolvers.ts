import type { NonEmptyArray } from "type-graphql";
import { ClassifiedMediaResolver, ClassifiedPriceResolver, ClassifiedResolver } from "../../modules/classifieds/classifieds.resolver.js";
import { PropertyMediaResolver, PropertyResolver } from "../../modules/properties/properties.resolver.js";
import { ViewerResolver } from "../../modules/viewer/viewer.resolver.js";
import { ListingEventsResolver } from "../../modules/events/events.resolver.js";
import { WebhooksResolver } from "../../modules/webhooks/webhooks.resolver.js";

// type-graphql takes resolver classes as bare constructors.
// biome-ignore lint/complexity/noBannedTypes: type-graphql takes any class constructor.
export type ResolverClass = Function;

/** The resolvers of the read API: lookups, navigation, search and the caller's own account. */
export const READ_RESOLVERS: NonEmptyArray<ResolverClass> = [
  ViewerResolver,
  ClassifiedResolver,
  ClassifiedPriceResolver,
  ClassifiedMediaResolver,
  PropertyResolver,
  PropertyMediaResolver,
];

/**
 * Every resolver of the served schema. Other layers (subscriptions, webhook mutations) add their resolver
 * classes here, one line each, so that the served schema and schema/schema.graphql stay one.
 */
export const ALL_RESOLVERS: NonEmptyArray<ResolverClass> = [...READ_RESOLVERS, ListingEventsResolver, WebhooksResolver];
