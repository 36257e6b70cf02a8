import { z } from "zod";
import type { Endpoint } from "./endpoint.js";
import { requestComponents, responseComponents } from "./schemas/registry.js";
import { ErrorBody, ValidationErrorBody } from "./schemas/responses.schema.js";

/**
 * The OpenAPI 3.1 document of the v1 API, generated from the zod schemas the routes validate with (see
 * `Endpoint`). `npm run generate:openapi` writes it to schema/openapi.v1.json, which is committed and
 * drift-checked; the server builds the same document in memory.
 */

type JsonSchema = Record<string, unknown>;

/** `format` already says it: the long regular expressions zod adds for these formats only clutter the document. */
const FORMATS_WITHOUT_PATTERN = new Set(["date-time", "uuid"]);
const override = ({ jsonSchema }: { jsonSchema: { format?: string; pattern?: string } }) => {
  if (jsonSchema.format !== undefined && FORMATS_WITHOUT_PATTERN.has(jsonSchema.format)) delete jsonSchema.pattern;
};
const ref = (id: string) => ({ $ref: `#/components/schemas/${id}` });

/** Component schemas: strips the per-schema `$schema`/`$id` that zod adds, which a component must not carry. */
function components(registry: typeof responseComponents, io: "input" | "output"): Record<string, JsonSchema> {
  const { schemas } = z.toJSONSchema(registry, {
    io,
    target: "draft-2020-12",
    override,
    uri: (id) => `#/components/schemas/${id}`,
  });
  return Object.fromEntries(
    Object.entries(schemas).map(([id, schema]) => {
      const { $schema: _schema, $id: _id, ...rest } = schema;
      return [id, rest];
    }),
  );
}

/** A schema inline in an operation: named components become references. */
function inline(schema: z.ZodType, registry: typeof responseComponents, io: "input" | "output"): JsonSchema {
  const id = registry.get(schema)?.id;
  if (id !== undefined) return ref(id);
  const { $schema: _schema, ...rest } = z.toJSONSchema(schema, { io, target: "draft-2020-12", override });
  return rest;
}

function parameters(endpoint: Endpoint): JsonSchema[] {
  const of = (schema: z.ZodObject | undefined, where: "path" | "query") =>
    Object.entries(schema?.shape ?? {}).map(([name, field]) => {
      const { description, ...fieldSchema } = inline(field, requestComponents, "input");
      return { name, in: where, required: where === "path" || !field.safeParse(undefined).success, description, schema: fieldSchema };
    });
  return [...of(endpoint.params, "path"), ...of(endpoint.query, "query")];
}

const jsonContent = (schema: JsonSchema) => ({ "application/json": { schema } });
const error = (description: string, id = "Error") => ({ description, content: jsonContent(ref(id)) });

function rateLimitHeaders(): Record<string, JsonSchema> {
  const header = (description: string) => ({ description, schema: { type: "string" } });
  return {
    "RateLimit-Policy": header("Requests allowed per window and the window length, e.g. `60;w=60`."),
    "RateLimit-Limit": header("Requests allowed per window."),
    "RateLimit-Remaining": header("Requests left in the current window."),
    "RateLimit-Reset": header("Seconds until the window resets."),
  };
}

function operation(endpoint: Endpoint): JsonSchema {
  const responses: Record<string, unknown> = {
    200: {
      description: "Success.",
      headers: rateLimitHeaders(),
      content: jsonContent(inline(endpoint.response, responseComponents, "output")),
    },
    401: { ...error("Missing, malformed, unknown or revoked token."), headers: { "WWW-Authenticate": { schema: { type: "string", const: "Bearer" } } } },
  };
  if (endpoint.canBeNotFound) responses[404] = error("Not found, or outside the caller's data-access limits.");
  if (endpoint.params || endpoint.query || endpoint.body) responses[422] = error("Invalid input.", "ValidationError");
  responses[429] = {
    ...error("Too many requests for the caller's plan."),
    headers: { ...rateLimitHeaders(), "Retry-After": { description: "Seconds to wait.", schema: { type: "string" } } },
  };
  responses[500] = error("Server error. The `x-request-id` response header identifies the request in the logs.");
  return {
    operationId: endpoint.operationId,
    summary: endpoint.summary,
    description: endpoint.description,
    parameters: parameters(endpoint),
    ...(endpoint.body && { requestBody: { required: true, content: jsonContent(inline(endpoint.body, requestComponents, "input")) } }),
    responses,
  };
}

/** The whole document for `endpoints`, served under `serverUrl`. */
export function buildOpenApiDocument(endpoints: readonly Endpoint[], serverUrl = "/public/v1"): JsonSchema {
  // Referenced by every operation: make sure they are components even if no endpoint names them.
  void ErrorBody;
  void ValidationErrorBody;
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const endpoint of endpoints) {
    (paths[endpoint.path] ??= {})[endpoint.method.toLowerCase()] = operation(endpoint);
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Listings Gateway REST API v1",
      version: "1.0.0",
      description:
        "French real-estate listings: classifieds (one listing on one portal) and properties (the real-world object " +
        "that groups them). Every response carries `meta`: the caller's plan and data-access limits; data outside " +
        "those limits answers exactly like data that does not exist.",
    },
    servers: [{ url: serverUrl }],
    security: [{ bearerAuth: [] }],
    paths,
    components: {
      securitySchemes: { bearerAuth: { type: "http", scheme: "bearer", description: "A personal access token." } },
      schemas: { ...components(responseComponents, "output"), ...components(requestComponents, "input") },
    },
  };
}
