import type { FastifyReply, FastifyRequest } from "fastify";
import { execute, Kind, parse, validate, type DocumentNode, type GraphQLSchema } from "graphql";

/**
 * The schema is public (it is published as schema/schema.graphql, as the REST reference is), so an introspection
 * query needs no token: GraphiQL loads the schema, with autocompletion and docs, before a token is pasted, and
 * keeps it once one is. Only a document whose every operation selects nothing but `__schema`, `__type` and
 * `__typename` is answered here; everything else goes through authentication as before.
 */
export async function answerPublicIntrospection(request: FastifyRequest, reply: FastifyReply, schema: GraphQLSchema): Promise<string | undefined> {
  if (request.headers.authorization !== undefined) return undefined;
  const source = querySource(request);
  if (source === undefined) return undefined;
  let document: DocumentNode;
  try {
    document = parse(source);
  } catch {
    return undefined;
  }
  if (!isIntrospectionOnly(document) || validate(schema, document).length > 0) return undefined;
  const result = await execute({ schema, document });
  return reply.type("application/json; charset=utf-8").send(JSON.stringify(result));
}

function querySource(request: FastifyRequest): string | undefined {
  const params: unknown = request.method === "GET" ? request.query : request.body;
  const query: unknown = typeof params === "object" && params !== null ? Reflect.get(params, "query") : undefined;
  return typeof query === "string" ? query : undefined;
}

const INTROSPECTION_FIELDS = new Set(["__schema", "__type", "__typename"]);

function isIntrospectionOnly(document: DocumentNode): boolean {
  const operations = document.definitions.filter((definition) => definition.kind === Kind.OPERATION_DEFINITION);
  return (
    operations.length > 0 &&
    operations.every(
      (operation) =>
        operation.operation === "query" &&
        operation.selectionSet.selections.every((selection) => selection.kind === Kind.FIELD && INTROSPECTION_FIELDS.has(selection.name.value)),
    )
  );
}
