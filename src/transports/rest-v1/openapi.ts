import { z } from "zod";
import type { TokenScope } from "../../domain/enums.js";
import { requestComponents, responseComponents } from "../../modules/v1-view/schemas/registry.js";
import { ErrorBody, ValidationErrorBody } from "../../modules/v1-view/schemas/responses.schema.js";

/**
 * The OpenAPI 3.1 document of the v1 API, generated from the zod schemas the routes validate with (see
 * `Endpoint`). `npm run generate:openapi` writes it to schema/openapi.v1.json, which is committed and
 * drift-checked; the server builds the same document in memory.
 */

type JsonSchema = Record<string, unknown>;

/**
 * What the document needs of one operation: every v1 `Endpoint` (endpoint.ts) is one, so that the route and the
 * document cannot disagree.
 */
export type DocumentedOperation = {
  method: "GET" | "POST" | "PATCH" | "DELETE";
  /** OpenAPI form, relative to `/public/v1`: `/classifieds/{id}`. */
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  tags?: readonly string[];
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** Whether a body must be sent when `body` is given (default: yes). */
  bodyRequired?: boolean;
  /** Body of the success response; null when it has none (204). */
  response: z.ZodType | null;
  /** Status of the success response (default 200). */
  successStatus?: 200 | 201 | 202 | 204;
  /** Whether the operation answers 404 (unknown, outside the contract, or nothing matches). */
  canBeNotFound: boolean;
  /** Whether it answers 422 (default: when it takes params, a query or a body). */
  canBeInvalid?: boolean;
  /** A token scope the operation needs besides a valid token (403 without it). */
  requiredScope?: TokenScope;
};

/** A message the service sends to a subscriber (OpenAPI 3.1 `webhooks`): a signed POST with a JSON body. */
export type DocumentedWebhook = {
  /** Key in `webhooks`: the webhook kind. */
  name: string;
  operationId: string;
  summary: string;
  description: string;
  /** Request headers the subscriber receives (names as sent, lower case). */
  headers: z.ZodObject;
  body: z.ZodType;
  /** What each answer of the subscriber means, by status (`2XX`, `410`, `default`...). */
  responses: Record<string, string>;
};

/** A tag with its description, in the order the documentation shows them. */
export type DocumentTag = { name: string; description: string };

export type DocumentParts = {
  operations: readonly DocumentedOperation[];
  webhooks?: readonly DocumentedWebhook[];
  tags?: readonly DocumentTag[];
};

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

type ParameterPlace = "path" | "query" | "header";

function parametersOf(schema: z.ZodObject | undefined, where: ParameterPlace, registry: typeof responseComponents, io: "input" | "output") {
  return Object.entries(schema?.shape ?? {}).map(([name, field]) => {
    const { description, ...fieldSchema } = inline(field, registry, io);
    return { name, in: where, required: where === "path" || !field.safeParse(undefined).success, description, schema: fieldSchema };
  });
}

function parameters(operation: DocumentedOperation): JsonSchema[] {
  return [...parametersOf(operation.params, "path", requestComponents, "input"), ...parametersOf(operation.query, "query", requestComponents, "input")];
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

const SUCCESS_DESCRIPTIONS = { 200: "Success.", 201: "Created.", 202: "Accepted: the work is queued.", 204: "Done; no content." } as const;

function operationObject(operation: DocumentedOperation): JsonSchema {
  const status = operation.successStatus ?? 200;
  const responses: Record<string, unknown> = {
    [status]: {
      description: SUCCESS_DESCRIPTIONS[status],
      headers: rateLimitHeaders(),
      ...(operation.response && { content: jsonContent(inline(operation.response, responseComponents, "output")) }),
    },
    401: { ...error("Missing, malformed, unknown or revoked token."), headers: { "WWW-Authenticate": { schema: { type: "string", const: "Bearer" } } } },
  };
  if (operation.requiredScope !== undefined) responses[403] = error(`The token does not have the \`${operation.requiredScope}\` scope.`);
  if (operation.canBeNotFound) responses[404] = error("Not found, or outside the caller's data-access limits.");
  if (operation.canBeInvalid ?? Boolean(operation.params || operation.query || operation.body)) {
    responses[422] = error("Invalid input.", "ValidationError");
  }
  responses[429] = {
    ...error("Too many requests for the caller's plan."),
    headers: { ...rateLimitHeaders(), "Retry-After": { description: "Seconds to wait.", schema: { type: "string" } } },
  };
  responses[500] = error("Server error. The `x-request-id` response header identifies the request in the logs.");
  return {
    operationId: operation.operationId,
    summary: operation.summary,
    description: operation.description,
    ...(operation.tags && { tags: [...operation.tags] }),
    // OpenAPI 3.1 lets a non-OAuth scheme list the roles (here: token scopes) an operation needs.
    ...(operation.requiredScope !== undefined && { security: [{ bearerAuth: [operation.requiredScope] }] }),
    parameters: parameters(operation),
    ...(operation.body && {
      requestBody: { required: operation.bodyRequired ?? true, content: jsonContent(inline(operation.body, requestComponents, "input")) },
    }),
    responses,
  };
}

/** A webhook as the subscriber sees it: the POST it receives and what its answers mean. */
function webhookObject(webhook: DocumentedWebhook): JsonSchema {
  return {
    post: {
      operationId: webhook.operationId,
      summary: webhook.summary,
      description: webhook.description,
      tags: ["webhooks"],
      parameters: parametersOf(webhook.headers, "header", responseComponents, "output"),
      requestBody: { required: true, content: jsonContent(inline(webhook.body, responseComponents, "output")) },
      responses: Object.fromEntries(Object.entries(webhook.responses).map(([status, description]) => [status, { description }])),
    },
  };
}

/** The whole document for `operations` (and the `webhooks` the service sends), served under `serverUrl`. */
export function buildOpenApiDocument(parts: DocumentParts, serverUrl = "/public/v1"): JsonSchema {
  // Referenced by every operation: make sure they are components even if no endpoint names them.
  void ErrorBody;
  void ValidationErrorBody;
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const operation of parts.operations) {
    (paths[operation.path] ??= {})[operation.method.toLowerCase()] = operationObject(operation);
  }
  const webhooks = Object.fromEntries((parts.webhooks ?? []).map((webhook) => [webhook.name, webhookObject(webhook)]));
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
    ...(parts.tags && { tags: parts.tags.map((tag) => ({ ...tag })) }),
    paths,
    ...(parts.webhooks && { webhooks }),
    components: {
      securitySchemes: { bearerAuth: { type: "http", scheme: "bearer", description: "A personal access token." } },
      schemas: { ...components(responseComponents, "output"), ...components(requestComponents, "input") },
    },
  };
}
