import type { FastifyReply, FastifyRequest } from "fastify";
import type { GraphQLSchema } from "graphql";
import Negotiator from "negotiator";
import { Counter } from "prom-client";
import { metricsRegistry } from "../../observability/metrics.js";
import type { RequestContext } from "../../modules/request-context.js";
import { responseMeta } from "../../modules/response-meta.js";
import type { OperationRunner } from "./jit-executor.js";
import type { KnownOperations, OperationReference } from "./known-operations.js";
import { operationLimitError } from "./limits.js";
import { graphqlResultBytes } from "./result-json.js";

export type DirectAnswerDeps = {
  schema: GraphQLSchema;
  operations: KnownOperations;
  run: OperationRunner;
  /** The request's context, built once per request (Apollo gets the same one when it answers instead). */
  contextOf(request: FastifyRequest, reply: FastifyReply): Promise<RequestContext>;
};

export const directAnswerCounter = new Counter({
  name: "listings_graphql_direct_answers_total",
  help: "GraphQL requests for a known query operation answered without Apollo's request pipeline.",
  registers: [metricsRegistry],
});

/**
 * Answers a request for a query operation that Apollo has already accepted (KnownOperations) without running
 * Apollo's request pipeline again: it authenticates and counts the request (the same context function),
 * checks its cost and page sizes (operationLimitError, as the cost plugin does), runs the operation with the
 * same runner and writes exactly the response Apollo would (same JSON, same `extensions.meta`, same content
 * type). In `npm run bench:graphql`, a request that reads no data (`{ __typename }`) went from 0.39 to 0.22 ms
 * of CPU with it.
 *
 * It answers only the plain successful case, and then says so (`true`). Anything else gives `false` and Apollo
 * answers the request as always: an unknown operation or a request shaped unusually (batched, a persisted query
 * being registered, a parameter given twice), an Accept header that takes neither JSON type, a refused token or
 * rate limit, an operation over its limits, invalid variables, and any error while running (queries only read,
 * so running one again is harmless; its loaders keep what they read).
 */
export async function answerDirectly(request: FastifyRequest, reply: FastifyReply, deps: DirectAnswerDeps): Promise<boolean> {
  const call = request.method === "POST" ? postedCall(request.body) : request.method === "GET" ? queryStringCall(request) : undefined;
  const known = call && deps.operations.find(call.reference);
  const contentType = known && responseContentType(request.headers.accept);
  if (!call || !known || !contentType) return false;
  let answer: Buffer;
  try {
    const context = await deps.contextOf(request, reply);
    if (operationLimitError(deps.schema, known.document, known.operationName ?? undefined, call.variables, context.viewer.plan)) return false;
    const result = await deps.run(known.document, known.operationName, call.variables, context);
    if (result.errors !== undefined || !result.data) return false;
    answer = graphqlResultBytes({ data: result.data, extensions: { meta: responseMeta(context.viewer) } });
  } catch {
    return false;
  }
  directAnswerCounter.inc();
  reply.type(contentType).send(answer);
  return true;
}

type DirectCall = { reference: OperationReference; variables: Record<string, unknown> };

const POST_FIELDS = new Set(["query", "variables", "operationName", "extensions"]);

/** A JSON body `{ query | extensions.persistedQuery, variables?, operationName? }` and nothing else. */
function postedCall(body: unknown): DirectCall | undefined {
  if (!isRecord(body) || Object.keys(body).some((field) => !POST_FIELDS.has(field))) return undefined;
  return callOf(body["query"], body["operationName"], body["variables"], body["extensions"]);
}

/** The parameters `query` or `extensions`, `variables` and `operationName`, each given once, as Apollo reads them. */
function queryStringCall(request: FastifyRequest): DirectCall | undefined {
  const contentType = request.headers["content-type"];
  if (contentType !== undefined && !/^application\/json\s*(;|$)/i.test(contentType)) return undefined;
  const parameters = new URL(request.url, "http://localhost/").searchParams;
  const once = (name: string): string | undefined | null => {
    const values = parameters.getAll(name);
    return values.length === 0 ? undefined : values.length === 1 ? (values[0] ?? null) : null;
  };
  const [query, operationName, variables, extensions] = ["query", "operationName", "variables", "extensions"].map(once);
  if (query === null || operationName === null || variables === null || extensions === null) return undefined;
  try {
    return callOf(
      query,
      operationName,
      variables === undefined ? undefined : JSON.parse(variables),
      extensions === undefined ? undefined : JSON.parse(extensions),
    );
  } catch {
    return undefined;
  }
}

function callOf(query: unknown, operationName: unknown, variables: unknown, extensions: unknown): DirectCall | undefined {
  if (operationName !== undefined && operationName !== null && typeof operationName !== "string") return undefined;
  if (variables !== undefined && variables !== null && !isRecord(variables)) return undefined;
  if (extensions !== undefined && extensions !== null && !isRecord(extensions)) return undefined;
  const name = operationName ?? null;
  const values = variables ?? {};
  // Apollo reads no extension but `persistedQuery`: the others are ignored there too.
  const persisted = extensions?.["persistedQuery"];
  if (persisted === undefined) return typeof query === "string" ? { reference: { query, operationName: name }, variables: values } : undefined;
  // A persisted query named by its hash alone; with its text too, Apollo checks the hash and registers it.
  if (query !== undefined || !isRecord(persisted) || persisted["version"] !== 1 || typeof persisted["sha256Hash"] !== "string") return undefined;
  return { reference: { sha256Hash: persisted["sha256Hash"], operationName: name }, variables: values };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The two media types of a single GraphQL result, as Apollo names them, and the one it also offers. */
const APPLICATION_JSON = "application/json; charset=utf-8";
const GRAPHQL_RESPONSE_JSON = "application/graphql-response+json; charset=utf-8";
const JSON_GRAPHQL_CALLBACK = "application/json; callbackSpec=1.0; charset=utf-8";

const chosenTypes = new Map<string, string | undefined>();
const MAX_ACCEPT_VALUES = 256;

/**
 * The content type Apollo gives a single result for this Accept header (its own negotiation, same offer in
 * the same order), or undefined when that is not one of the two JSON types. Clients send few distinct
 * headers, so the choice is kept per header value.
 */
function responseContentType(accept: string | undefined): string | undefined {
  if (!accept) return APPLICATION_JSON;
  if (chosenTypes.has(accept)) return chosenTypes.get(accept);
  const preferred = new Negotiator({ headers: { accept } }).mediaType([APPLICATION_JSON, GRAPHQL_RESPONSE_JSON, JSON_GRAPHQL_CALLBACK]);
  const chosen = preferred === APPLICATION_JSON || preferred === GRAPHQL_RESPONSE_JSON ? preferred : undefined;
  if (chosenTypes.size >= MAX_ACCEPT_VALUES) chosenTypes.clear();
  chosenTypes.set(accept, chosen);
  return chosen;
}
