import type { ApolloServerPlugin } from "@apollo/server";
import { GraphQLError } from "graphql";
import type { RequestContext } from "../../modules/request-context.js";

/**
 * Subscriptions are served over websockets (graphql-ws on the same path); over HTTP one is a client mistake,
 * answered 400 before anything runs (GraphQL over HTTP leaves streaming to other transports).
 */
export function httpOperationsPlugin(): ApolloServerPlugin<RequestContext> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ operation }) {
          if (operation?.operation !== "subscription") return;
          throw new GraphQLError("Subscriptions are served over websockets (graphql-ws) at this path, not over HTTP.", {
            extensions: { code: "BAD_REQUEST", http: { status: 400 } },
          });
        },
      };
    },
  };
}
