import "reflect-metadata";
import { lexicographicSortSchema, printSchema, type GraphQLSchema } from "graphql";
import { buildSchema, type PubSub } from "type-graphql";
import { ALL_RESOLVERS, type ResolverClass } from "./resolvers.js";

/**
 * Subscriptions here bring their own `subscribe` function (they read the events table by cursor), so no
 * topic-based pub/sub exists; type-graphql still requires one as soon as a subscription is declared.
 */
const noTopicPubSub: PubSub = {
  publish() {
    throw new Error("topic-based publishing is not used: subscriptions read the events table");
  },
  subscribe() {
    throw new Error("topic-based subscriptions are not used: give the subscription a subscribe function");
  },
};

/**
 * Builds the GraphQL schema from the resolver classes: the read API plus `extraResolvers` (tests, or a layer
 * trying its resolvers before adding them to ALL_RESOLVERS).
 */
export async function buildGraphqlSchema(extraResolvers: readonly ResolverClass[] = []): Promise<GraphQLSchema> {
  return buildSchema({
    resolvers: [...ALL_RESOLVERS, ...extraResolvers.filter((resolver) => !ALL_RESOLVERS.includes(resolver))],
    // Input arguments are checked by the GraphQL types and by the services; no class-validator.
    validate: false,
    pubSub: noTopicPubSub,
  });
}

let served: Promise<GraphQLSchema> | undefined;

/** The schema the server serves, built once per process (type-graphql's metadata is process-wide anyway). */
export function servedGraphqlSchema(): Promise<GraphQLSchema> {
  served ??= buildGraphqlSchema();
  return served;
}

/** SDL of a schema, sorted so the committed file changes only when the API does. */
export function schemaSdl(schema: GraphQLSchema): string {
  return `${printSchema(lexicographicSortSchema(schema))}\n`;
}
