import { ApolloServer } from "@apollo/server";
import { ApolloServerPluginCacheControlDisabled, ApolloServerPluginLandingPageDisabled } from "@apollo/server/plugin/disabled";
import { fastifyApolloDrainPlugin, fastifyApolloHandler } from "@as-integrations/fastify";
import type { FastifyInstance } from "fastify";
import type { RequestContext } from "../../modules/request-context.js";
import type { AppDeps } from "../app-deps.js";
import { edgeOf } from "../edge.js";
import { graphqlContext, oncePerRequest } from "./context.js";
import { answerDirectly } from "./direct-answer.js";
import { formatGraphqlError } from "./errors.js";
import { graphqlExecution } from "./fast-paths.js";
import { sendGraphiql, wantsGraphiql } from "./graphiql.js";
import { answerPublicIntrospection } from "./public-introspection.js";
import { KnownOperations } from "./known-operations.js";
import { DOCUMENT_LIMITS, armorProtection, costPlugin } from "./limits.js";
import { httpOperationsPlugin } from "./http-operations-plugin.js";
import { responsePlugin } from "./response-plugin.js";
import { graphqlResultJson } from "./result-json.js";
import { servedGraphqlSchema } from "./schema.js";

export type GraphqlPluginOptions = AppDeps;

/**
 * The GraphQL API at `/graphql` (POST, and GET for queries), Apollo Server on this Fastify app, and the
 * GraphiQL page for browsers at GET `/graphql`. Every operation needs a bearer token. How operations are
 * executed, and whether a query operation Apollo has already accepted is answered directly, is fast-paths.ts's
 * choice.
 */
export async function graphqlPlugin(app: FastifyInstance, options: GraphqlPluginOptions): Promise<void> {
  const schema = await servedGraphqlSchema();
  const armor = armorProtection();
  const execution = graphqlExecution(schema, options.env.FAST_PATHS);
  const operations = execution.directAnswers ? new KnownOperations() : undefined;
  const apollo = new ApolloServer<RequestContext>({
    // The served schema, executed by graphql-js or graphql-jit (fast-paths.ts).
    ...execution.apollo,
    plugins: [
      fastifyApolloDrainPlugin(app),
      // No HTTP cache hints (every answer depends on the caller) and no hosted landing page (GraphiQL is ours).
      ApolloServerPluginCacheControlDisabled(),
      ApolloServerPluginLandingPageDisabled(),
      ...armor.plugins,
      costPlugin(schema),
      responsePlugin(),
      httpOperationsPlugin(),
      ...(operations ? [operations.plugin()] : []),
    ],
    // Compact JSON (Apollo pretty-prints by default, which costs time and bytes on every response), with the
    // caller's meta envelope serialised once per viewer.
    stringifyResult: graphqlResultJson,
    validationRules: armor.validationRules,
    parseOptions: { maxTokens: DOCUMENT_LIMITS.maxTokens },
    formatError: formatGraphqlError,
    includeStacktraceInErrorResponses: false,
    allowBatchedHttpRequests: false,
    // Tokens travel in the Authorization header, never in cookies: cross-site requests carry no credentials.
    csrfPrevention: false,
    introspection: true,
    // The server stops on SIGTERM/SIGINT itself (cli/commands/serve.ts): Apollo's own handler would send the
    // signal again once Apollo has stopped, ending the process before the rest of the shutdown.
    stopOnTerminationSignals: false,
  });
  await apollo.start();
  const contextOf = oncePerRequest(graphqlContext(edgeOf(options)));
  const handler = fastifyApolloHandler(apollo, { context: contextOf });

  // Apollo's handler answers with a string body, and so do the other answers given here; a direct answer sends its
  // bytes itself.
  app.route<{ Reply: string }>({
    method: ["GET", "POST", "OPTIONS"],
    url: "/graphql",
    bodyLimit: DOCUMENT_LIMITS.maxBytes,
    async handler(request, reply) {
      if (wantsGraphiql(request)) return sendGraphiql(request, reply);
      if (request.method === "GET" && request.url.length > DOCUMENT_LIMITS.maxBytes) {
        const body = { errors: [{ message: "Query string too long.", extensions: { code: "BAD_REQUEST" } }] };
        return reply.code(414).type("application/json; charset=utf-8").send(JSON.stringify(body));
      }
      const introspection = await answerPublicIntrospection(request, reply, schema);
      if (introspection !== undefined) return introspection;
      if (operations) {
        if (await answerDirectly(request, reply, { schema, operations, run: execution.run, contextOf })) return reply;
      }
      const body = await handler.call(this, request, reply);
      // GraphQL over HTTP: with `application/json` a request error (syntax, validation, variables, limits) is
      // still a 200 whose body says what is wrong; `application/graphql-response+json` clients get the 4xx.
      // Malformed HTTP requests (no body, wrong content type: code BAD_REQUEST) keep their 400.
      const type = reply.getHeader("content-type");
      if (reply.statusCode === 400 && typeof type === "string" && type.startsWith("application/json") && isRequestError(body)) {
        reply.code(200);
      }
      return body;
    },
  });
}

/** Does this response body report a GraphQL request error (as opposed to a malformed HTTP request)? */
function isRequestError(body: unknown): boolean {
  if (typeof body !== "string") return false;
  try {
    const parsed: unknown = JSON.parse(body);
    const errors: unknown = typeof parsed === "object" && parsed !== null ? Reflect.get(parsed, "errors") : undefined;
    return Array.isArray(errors) && errors.every((error: unknown) => codeOf(error) !== "BAD_REQUEST");
  } catch {
    return false;
  }
}

function codeOf(error: unknown): unknown {
  const extensions: unknown = typeof error === "object" && error !== null ? Reflect.get(error, "extensions") : undefined;
  return typeof extensions === "object" && extensions !== null ? Reflect.get(extensions, "code") : undefined;
}
