import type { z } from "zod";
import type { RequestContext } from "../../modules/request-context.js";
import { parseOrFail } from "./errors.js";

/** The raw parts of a request an endpoint validates. */
export type RawInput = { params: unknown; query: unknown; body: unknown };

/**
 * One v1 operation: its path, the zod schemas of its input and success body, and what it does. The same
 * object drives the Fastify route (validation) and the OpenAPI document, so the two cannot disagree.
 */
export type Endpoint = {
  method: "GET" | "POST";
  /** OpenAPI form, relative to `/public/v1`: `/classifieds/{id}`. */
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** Body of the 200 response. */
  response: z.ZodType;
  /** Whether the operation answers 404 (unknown, outside the contract, or nothing matches). */
  canBeNotFound: boolean;
  /** Validates the raw input (422 when invalid) and produces the success body. */
  run(ctx: RequestContext, input: RawInput): Promise<unknown>;
};

type Spec<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, R extends z.ZodType> = Omit<
  Endpoint,
  "run" | "params" | "query" | "body" | "response"
> & {
  params?: P & z.ZodObject;
  query?: Q & z.ZodObject;
  body?: B;
  response: R;
  handle(ctx: RequestContext, input: { params: z.output<P>; query: z.output<Q>; body: z.output<B> }): Promise<z.output<R>>;
};

/**
 * Defines an endpoint with typed input: `handle` receives the parsed params, query and body (a 422 is thrown
 * before it runs when any of them is invalid) and must return the documented success body.
 */
export function defineEndpoint<
  P extends z.ZodType = z.ZodUnknown,
  Q extends z.ZodType = z.ZodUnknown,
  B extends z.ZodType = z.ZodUnknown,
  R extends z.ZodType = z.ZodUnknown,
>(spec: Spec<P, Q, B, R>): Endpoint {
  const { handle, ...rest } = spec;
  return {
    ...rest,
    run(ctx, raw) {
      // A part without a schema keeps its type parameter's default, ZodUnknown, whose output is `unknown`:
      // passing the raw value through is exactly that type, which TypeScript cannot see through the generic.
      const params = (spec.params ? parseOrFail(spec.params, raw.params) : raw.params) as z.output<P>;
      const query = (spec.query ? parseOrFail(spec.query, raw.query) : raw.query) as z.output<Q>;
      const body = (spec.body ? parseOrFail(spec.body, raw.body) : raw.body) as z.output<B>;
      return handle(ctx, { params, query, body });
    },
  };
}
