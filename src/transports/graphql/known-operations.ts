import type { ApolloServerPlugin } from "@apollo/server";
import type { DocumentNode } from "graphql";
import type { RequestContext } from "../../modules/request-context.js";

/** A query operation Apollo has accepted: its parsed and validated document, and the name of the operation in it. */
export type KnownOperation = { document: DocumentNode; operationName: string | null };

/**
 * What a request sends to name its operation: the query text or the SHA-256 of a persisted query (APQ), and
 * the operation name it gives, if any.
 */
export type OperationReference = ({ query: string } | { sha256Hash: string }) & { operationName: string | null };

/** Characters of query text (or hashes) kept; the oldest operations are forgotten first beyond it. */
const DEFAULT_MAX_CHARACTERS = 4 * 1024 * 1024;

/**
 * The query operations that Apollo has parsed and validated (syntax, schema, depth, aliases and directives:
 * all properties of the document alone), by what the client sent for them: the query text, or the hash of a
 * persisted query, with the operation name. A request naming one of them can be answered without running
 * Apollo's request pipeline again (see direct-answer.ts); everything that depends on the request itself
 * (authentication, rate limit, cost, variables) is still checked on every request.
 *
 * Only queries are kept: mutations and subscriptions always go through Apollo.
 */
export class KnownOperations {
  private readonly operations = new Map<string, KnownOperation>();
  private characters = 0;

  constructor(private readonly maxCharacters: number = DEFAULT_MAX_CHARACTERS) {}

  find(reference: OperationReference): KnownOperation | undefined {
    return this.operations.get(keyOf(reference));
  }

  remember(reference: OperationReference, operation: KnownOperation): void {
    const key = keyOf(reference);
    if (key.length > this.maxCharacters || this.operations.has(key)) return;
    // Map keys iterate in insertion order: the first is the oldest.
    for (const oldest of this.operations.keys()) {
      if (this.characters + key.length <= this.maxCharacters) break;
      this.operations.delete(oldest);
      this.characters -= oldest.length;
    }
    this.operations.set(key, operation);
    this.characters += key.length;
  }

  /** The Apollo plugin that remembers each query operation once Apollo has resolved it. */
  plugin(): ApolloServerPlugin<RequestContext> {
    return {
      requestDidStart: async () => ({
        didResolveOperation: async ({ request, document, operation }) => {
          if (operation?.operation !== "query") return;
          const known = { document, operationName: operation.name?.value ?? null };
          const operationName = request.operationName ?? null;
          if (typeof request.query === "string") this.remember({ query: request.query, operationName }, known);
          // Apollo checked the hash against the text when the persisted query was registered.
          const hash: unknown = request.extensions?.["persistedQuery"]?.sha256Hash;
          if (typeof hash === "string") this.remember({ sha256Hash: hash, operationName }, known);
        },
      }),
    };
  }
}

/**
 * One text per reference. A request without an operation name and one naming "" are told apart (Apollo
 * refuses the second), and names never contain a line break, so no key can be read two ways.
 */
function keyOf(reference: OperationReference): string {
  const name = reference.operationName === null ? "" : `=${reference.operationName}`;
  return "query" in reference ? `q${name}\n${reference.query}` : `h${name}\n${reference.sha256Hash}`;
}
