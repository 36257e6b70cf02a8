import type { GatewayInterface } from "@apollo/server-gateway-interface";
import { execute, type GraphQLSchema } from "graphql";
import type { FastPath } from "../../config/env.js";
import { jitExecutor, jitOperationRunner, type OperationRunner } from "./jit-executor.js";

/**
 * How the GraphQL layer executes operations, with or without each of its fast paths: the speed-ups that rely on
 * how a library works inside rather than on its documented use. This is the one place that chooses them; the
 * setting `FAST_PATHS` turns each on or off (all on by default), and `npm run bench:graphql --
 * --reference-fast-paths=LIST` measures the gateway against itself with only LIST on.
 *
 * - `jit`: operations compiled by graphql-jit (jit-executor.ts), plugged into Apollo Server through its gateway
 *   interface, the executor hook meant for federation. Off: Apollo runs graphql-js's `execute` on the schema.
 * - `raw-leaves`: with `jit`, leaf values sent as the resolvers give them, without graphql-jit's per-leaf
 *   serializer calls, and dates, UUIDs and e-mail addresses turned to text directly (jitCompilerOptions). Off:
 *   every leaf goes through its scalar's serializer.
 * - `direct-answers`: a query operation Apollo has already accepted is answered without Apollo's request
 *   pipeline (direct-answer.ts), exactly as Apollo would answer it. Off: Apollo answers every request.
 *
 * A client cannot tell which are on: the same requests get the same answers (test/e2e/graphql-fast-paths.test.ts).
 */
export type GraphqlExecution = {
  /** How Apollo Server executes: on the schema (graphql-js), or through a gateway that runs graphql-jit. */
  apollo: { schema: GraphQLSchema; gateway?: undefined } | { gateway: GatewayInterface; schema?: undefined };
  /** Runs one operation of a validated document, as Apollo's execution does (for the direct answers). */
  run: OperationRunner;
  directAnswers: boolean;
};

export function graphqlExecution(schema: GraphQLSchema, fastPaths: ReadonlySet<FastPath>): GraphqlExecution {
  const directAnswers = fastPaths.has("direct-answers");
  if (!fastPaths.has("jit")) return { apollo: { schema }, run: plainOperationRunner(schema), directAnswers };
  const run = jitOperationRunner(schema, { rawLeaves: fastPaths.has("raw-leaves") });
  return { apollo: { gateway: jitExecutor(schema, run) }, run, directAnswers };
}

/** graphql-js's own execution: what Apollo Server does without a gateway. */
function plainOperationRunner(schema: GraphQLSchema): OperationRunner {
  return async (document, operationName, variables, context) => execute({ schema, document, operationName, variableValues: variables, contextValue: context });
}
