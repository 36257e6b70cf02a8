import type { ApolloServerPlugin } from "@apollo/server";
import { RETRY_AFTER_SECONDS } from "../../db/availability.js";
import { AppError } from "../../errors.js";
import { SERVICE_UNAVAILABLE_CODE } from "./errors.js";
import type { RequestContext } from "../../modules/request-context.js";
import { responseMeta } from "../../modules/response-meta.js";

/**
 * Adds the caller's plan and data-access limits as `extensions.meta` to every response (as v1 responses carry
 * `meta`), and logs errors the client only sees as internal ones.
 */
export function responsePlugin(): ApolloServerPlugin<RequestContext> {
  return {
    async requestDidStart() {
      return {
        async didEncounterErrors({ errors, contextValue }) {
          for (const error of errors) {
            const original = error.originalError;
            if (original && !(original instanceof AppError) && !("extensions" in original)) {
              contextValue.logger.error({ err: original, path: error.path }, "GraphQL resolver failed");
            }
          }
        },
        async willSendResponse({ response, contextValue }) {
          if (response.body.kind !== "single") return;
          const result = response.body.singleResult;
          if (result.errors?.some((error) => error.extensions?.["code"] === SERVICE_UNAVAILABLE_CODE)) {
            response.http.status = 503;
            response.http.headers.set("retry-after", String(RETRY_AFTER_SECONDS));
          }
          result.extensions = { ...result.extensions, meta: responseMeta(contextValue.viewer) };
        },
      };
    },
  };
}
