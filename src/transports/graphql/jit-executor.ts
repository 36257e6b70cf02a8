import type { GatewayExecutor, GatewayInterface } from "@apollo/server-gateway-interface";
import {
  GraphQLError,
  getVariableValues,
  isScalarType,
  Kind,
  printSchema,
  type DocumentNode,
  type ExecutionResult,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from "graphql";
import { compileQuery, isCompiledQuery, type CompiledQuery } from "graphql-jit";

/** Compiled operations kept per document (Apollo hands the same document object for the same query text). */
const MAX_OPERATIONS_PER_DOCUMENT = 20;

/**
 * Runs one operation of a validated document with graphql-jit and gives graphql-jit's result as it is
 * (invalid variables: errors and no data). Apollo's executor below and the direct answers of known operations
 * (direct-answer.ts) both run operations through it.
 */
export type OperationRunner = (
  document: DocumentNode,
  operationName: string | null,
  variables: Record<string, unknown>,
  context: unknown,
) => Promise<ExecutionResult>;

/**
 * Runs operations with graphql-jit instead of graphql-js's interpreter: each operation is compiled once to a
 * JavaScript function that calls the same resolvers with much less work per field (about half the CPU time of
 * a 20-property search with every field).
 */
export function jitOperationRunner(schema: GraphQLSchema, { rawLeaves }: { rawLeaves: boolean }): OperationRunner {
  const options = jitCompilerOptions(schema, { rawLeaves });
  const compiled = new WeakMap<DocumentNode, Map<string, CompiledQuery | ExecutionResult>>();
  const compile = (document: DocumentNode, operationName: string | null): CompiledQuery | ExecutionResult => {
    let byOperation = compiled.get(document);
    if (!byOperation) {
      byOperation = new Map();
      compiled.set(document, byOperation);
    }
    const key = operationName ?? "";
    let entry = byOperation.get(key);
    if (!entry) {
      if (byOperation.size >= MAX_OPERATIONS_PER_DOCUMENT) byOperation.clear();
      entry = compileQuery(schema, document, operationName ?? undefined, options);
      byOperation.set(key, entry);
    }
    return entry;
  };
  return async (document, operationName, variables, context) => {
    const query = compile(document, operationName);
    if (!isCompiledQuery(query)) return query;
    // The compiled operation coerces its variables first; when they are invalid it answers errors and no data.
    return query.query(undefined, context, variables);
  };
}

/**
 * Plugs the runner into Apollo Server through its executor interface (the `gateway` option, otherwise used for
 * federation). Apollo still parses, validates, runs every plugin and formats errors; only execution changes.
 */
export function jitExecutor(schema: GraphQLSchema, run: OperationRunner): GatewayInterface {
  const executor: GatewayExecutor = async ({ document, operation, operationName, request, context }) => {
    // Apollo executes even when the request names no operation of the document, and expects the errors that
    // say so (then answers 400); graphql-jit would run the only operation for a name of "" or, being handed no
    // name here, for a wrong one.
    if (!operation) return { errors: [new GraphQLError(operationResolutionMessage(document, request.operationName))] };
    const result = await run(document, operationName, request.variables ?? {}, context);
    if (!("data" in result) && result.errors) return { errors: variableErrors(schema, operation, request.variables ?? {}, result.errors) };
    return result.errors ? { ...result, errors: result.errors.map(asGraphqlError) } : result;
  };
  return {
    async load() {
      return { executor };
    },
    onSchemaLoadOrUpdate(callback) {
      callback({ apiSchema: schema, coreSupergraphSdl: printSchema(schema) });
      return () => undefined;
    },
    async stop() {},
  };
}

/**
 * How the server compiles operations with graphql-jit (the bench of its parts compiles the same way). Without
 * `rawLeaves` (the fast path of that name turned off), graphql-jit's defaults: every leaf through its scalar's
 * serializer.
 *
 * `disableLeafSerialization`: values of the built-in scalars (String, Int, Float, Boolean, ID) and of enums are
 * sent as the resolvers give them, without graphql-jit's per-leaf serializer call. That call also built two
 * arrays (the field's locations and path) for every leaf of every object, whatever its value: about a fifth of
 * the time spent executing a `property(id)` and a tenth for a search page, in allocations mostly. It is safe
 * here because every value already has its GraphQL type: objects are built by typed views from typed columns
 * (bigint ids and timestamps are turned into text there), every enum of the schema maps each name to itself
 * (common/enums.graphql.ts) and stored enum values are checked on the way out of the database (enumOr). Custom
 * scalars (UUID, DateTime, EmailAddress, URL) keep their serializers, below. Null checks on non-null fields
 * are unchanged.
 */
export function jitCompilerOptions(
  schema: GraphQLSchema,
  { rawLeaves }: { rawLeaves: boolean },
): {
  customSerializers: Record<string, (value: unknown) => unknown>;
  disableLeafSerialization: boolean;
} {
  if (!rawLeaves) return { customSerializers: {}, disableLeafSerialization: false };
  return { customSerializers: { ...storedStringsAsTheyAre(schema), ...dateTimeAsText(schema) }, disableLeafSerialization: true };
}

/**
 * Output scalars whose values only ever come from typed database columns: `UUID` from uuid columns (always
 * canonical lower-case text) and `EmailAddress` from addresses validated and lower-cased at ingest. Checking
 * each again with the scalar's regular expression on the way out cost a few percent of a search page's CPU
 * time, for values that cannot fail. A string is sent as it is; anything else still goes through the scalar's
 * own serializer (same errors as before). Input values are parsed and validated by the scalars as always.
 * `URL` keeps its serializer: it also normalises the text, which changes what clients see.
 */
function storedStringsAsTheyAre(schema: GraphQLSchema): Record<string, (value: unknown) => unknown> {
  const serializers: Record<string, (value: unknown) => unknown> = {};
  for (const name of ["UUID", "EmailAddress"]) {
    const scalar = schema.getType(name);
    if (isScalarType(scalar)) serializers[name] = (value) => (typeof value === "string" ? value : scalar.serialize(value));
  }
  return serializers;
}

/**
 * graphql-scalars' DateTime serializes to a Date object, which JSON.stringify then turns into its ISO text
 * through `toJSON`: that call per date kept the whole response off V8's fast JSON path (a search page with
 * every field stringified 2.5 times slower than the same JSON from plain values). Dates (what the database
 * columns give) are sent as their ISO text, exactly what the response would contain anyway (an invalid Date,
 * which no timestamp column can hold, still fails its field), and text already in that exact form as it is;
 * anything else goes through the scalar's own serializer.
 */
function dateTimeAsText(schema: GraphQLSchema): Record<string, (value: unknown) => unknown> {
  const dateTime = schema.getType("DateTime");
  if (!isScalarType(dateTime)) return {};
  return {
    DateTime: (value) => {
      if (value instanceof Date) return value.toISOString();
      // Dates kept as text (the price history in a JSON column) are stored in this very form.
      if (typeof value === "string" && isIsoText(value)) return value;
      const serialized = dateTime.serialize(value);
      return serialized instanceof Date ? serialized.toISOString() : serialized;
    },
  };
}

/** Is `text` exactly what `Date.prototype.toISOString` gives for the instant it names? */
function isIsoText(text: string): boolean {
  const time = Date.parse(text);
  return !Number.isNaN(time) && new Date(time).toISOString() === text;
}

/** graphql-js's words for a request whose operation is not found in its document. */
function operationResolutionMessage(document: DocumentNode, operationName: string | undefined): string {
  if (operationName !== undefined) return `Unknown operation named "${operationName}".`;
  const operations = document.definitions.filter((definition) => definition.kind === Kind.OPERATION_DEFINITION).length;
  return operations === 0 ? "Must provide an operation." : "Must provide operation name if query contains multiple operations.";
}

/**
 * Invalid variables, told as graphql-js tells them: graphql-jit says only "Expected type UUID." where graphql-js
 * gives the scalar's reason ("Value is not a valid UUID: ...") and the variable's location, and the answer must
 * not depend on the executor (fast-paths.ts). Read again only on this error path.
 */
function variableErrors(
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
  variables: Record<string, unknown>,
  jitErrors: readonly GraphQLError[],
): GraphQLError[] {
  const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], variables);
  return (coerced.errors ?? jitErrors).map(asBadUserInput);
}

/** Invalid variables are the client's mistake: said so as graphql-js does under Apollo (BAD_USER_INPUT, 400). */
function asBadUserInput(error: GraphQLError): GraphQLError {
  return new GraphQLError(error.message, { nodes: error.nodes, extensions: { code: "BAD_USER_INPUT", http: { status: 400 } } });
}

/**
 * graphql-jit's errors lack `extensions` and have a read-only message, which Apollo's error handling and
 * plugins expect; rebuild each as a regular GraphQLError keeping its path and the error the resolver threw.
 */
function asGraphqlError(error: GraphQLError): GraphQLError {
  return new GraphQLError(error.message, {
    path: error.path,
    originalError: error.originalError ?? error,
    extensions: error.extensions ?? {},
  });
}
