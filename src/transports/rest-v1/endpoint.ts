import type { FastifyInstance } from "fastify";
import type { z } from "zod";
import type { RequestContext } from "../../modules/request-context.js";
import type { Edge } from "../edge.js";
import { callerOf } from "./caller.js";
import { parseOrFail } from "./errors.js";
import { registerMethodNotAllowed } from "./method-not-allowed.js";
import type { DocumentedOperation } from "./openapi.js";

/** The raw parts of a request an endpoint validates. */
export type RawInput = { params: unknown; query: unknown; body: unknown };

/**
 * One v1 operation, read API and webhook management alike: its method and path, the zod schemas of its input
 * and success body, and what it does. The same object drives the Fastify route (validation, status) and the
 * OpenAPI document, so the two cannot disagree. `S` is what the app gives its handlers besides the request
 * (the webhook API's sender and settings; nothing for the read API).
 */
export type Endpoint<S = undefined> = DocumentedOperation & {
  /** Validates the raw input (422 when invalid) and produces the success body. */
  run(ctx: RequestContext, input: RawInput, services: S): Promise<unknown>;
};

/** What `handle` returns: the documented success body, or nothing for an operation without one (204). */
// biome-ignore lint/suspicious/noConfusingVoidType: an operation without a response body has a handler that returns nothing.
type Result<R extends z.ZodType | null> = R extends z.ZodType ? z.output<R> : void;

type Spec<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, R extends z.ZodType | null, S> = Omit<
  DocumentedOperation,
  "params" | "query" | "body" | "response"
> & {
  params?: P & z.ZodObject;
  query?: Q & z.ZodObject;
  body?: B;
  response: R;
  handle(ctx: RequestContext, input: { params: z.output<P>; query: z.output<Q>; body: z.output<B> }, services: S): Promise<Result<R>>;
};

/**
 * Defines an endpoint with typed input: `handle` receives the parsed params, query and body (a 422 is thrown
 * before it runs when any of them is invalid) and must return the documented success body.
 */
export function defineEndpoint<
  P extends z.ZodType = z.ZodUnknown,
  Q extends z.ZodType = z.ZodUnknown,
  B extends z.ZodType = z.ZodUnknown,
  R extends z.ZodType | null = z.ZodUnknown,
  S = undefined,
>(spec: Spec<P, Q, B, R, S>): Endpoint<S> {
  const { handle, ...rest } = spec;
  return {
    ...rest,
    run(ctx, raw, services) {
      // A part without a schema keeps its type parameter's default, ZodUnknown, whose output is `unknown`:
      // passing the raw value through is exactly that type, which TypeScript cannot see through the generic.
      const params = (spec.params ? parseOrFail(spec.params, raw.params) : raw.params) as z.output<P>;
      const query = (spec.query ? parseOrFail(spec.query, raw.query) : raw.query) as z.output<Q>;
      // An optional body left out is an empty one.
      const rawBody = spec.body && spec.bodyRequired === false ? (raw.body ?? {}) : raw.body;
      const body = (spec.body ? parseOrFail(spec.body, rawBody) : rawBody) as z.output<B>;
      return handle(ctx, { params, query, body }, services);
    },
  };
}

/**
 * Serves `endpoints` on `scope` (its error handlers installed by the caller): each request is admitted by the
 * edge (401, 403 without the operation's scope, 429), then validated (422) and run with `services`; the answer
 * has the operation's success status. Other methods on the same paths answer 405. `urlOf` turns an OpenAPI
 * path into the scope's route URL.
 */
export function registerEndpoints<S>(
  scope: FastifyInstance,
  edge: Edge,
  endpoints: readonly Endpoint<S>[],
  services: S,
  urlOf: (path: string) => string,
): void {
  for (const endpoint of endpoints) {
    const admit = endpoint.requiredScope === undefined ? undefined : { scope: endpoint.requiredScope };
    scope.route({
      method: endpoint.method,
      url: urlOf(endpoint.path),
      async handler(request, reply) {
        const viewer = await callerOf(edge, request, reply, admit);
        const ctx = edge.contextOf(viewer, request.id, request.log);
        const result = await endpoint.run(ctx, { params: request.params, query: request.query, body: request.body }, services);
        reply.code(endpoint.successStatus ?? 200);
        return endpoint.response ? result : reply.send();
      },
    });
  }
  registerMethodNotAllowed(scope, endpoints, urlOf);
}

/** `/classifieds/{id}` → `/classifieds/:id`. */
export function toFastifyPath(openApiPath: string): string {
  return openApiPath.replace(/\{(\w+)\}/g, ":$1");
}
