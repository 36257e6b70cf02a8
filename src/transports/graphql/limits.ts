import type { ApolloServerPlugin } from "@apollo/server";
import type { ValidationRule } from "graphql";
import { ApolloArmor } from "@escape.tech/graphql-armor";
import { GraphQLError, Kind, visit, type DocumentNode, type GraphQLSchema } from "graphql";
import { fieldExtensionsEstimator, getComplexity, type ComplexityEstimator } from "graphql-query-complexity";
import { MAX_PAGE_SIZE } from "../../modules/common/cost.js";
import type { SubscriptionPlan } from "../../domain/enums.js";
import { planLimits } from "../../modules/rate-limit/plans.js";
import type { RequestContext } from "../../modules/request-context.js";

/**
 * Bounds on what one GraphQL request may ask. All are checked before execution, so a request over a bound
 * gets a clear error and runs no SQL. README ("Limits") lists the numbers.
 */
export const DOCUMENT_LIMITS = {
  /** Nesting of selections (navigation both ways is allowed to this depth). */
  maxDepth: 16,
  maxAliases: 20,
  maxDirectives: 20,
  /** Lexical tokens of one document. */
  maxTokens: 3_000,
  /** Bytes of one request body or query string. */
  maxBytes: 64 * 1024,
} as const;

/** graphql-armor's depth, alias and directive limits. */
export function armorProtection(): { plugins: ApolloServerPlugin<RequestContext>[]; validationRules: ValidationRule[] } {
  const armor = new ApolloArmor({
    maxDepth: { n: DOCUMENT_LIMITS.maxDepth, flattenFragments: true },
    maxAliases: { n: DOCUMENT_LIMITS.maxAliases },
    maxDirectives: { n: DOCUMENT_LIMITS.maxDirectives },
    // Tokens are bounded by the parser itself (`parseOptions.maxTokens`), so an over-long document is an
    // ordinary syntax error (graphql-armor's token plugin makes it a server error).
    maxTokens: { enabled: false },
    // Cost is per plan and depends on variables: costPlugin does it.
    costLimit: { enabled: false },
    // Suggestions ("Did you mean ...") are removed from messages in errors.ts, without mutating errors.
    blockFieldSuggestion: { enabled: false },
  }).protect();
  return {
    // graphql-armor's typings name the CommonJS copy of @apollo/server's types; the plugin objects are the same
    // shape, and they use no context, so they fit any context type.
    plugins: armor.plugins as unknown as ApolloServerPlugin<RequestContext>[],
    validationRules: armor.validationRules,
  };
}

/**
 * Fields without a declared cost are read from an object already loaded: they cost nothing themselves, only
 * what they select. Fields that load (navigation, lists) declare their cost (see modules/common/cost.ts).
 */
const nestedObjectCost: ComplexityEstimator = ({ childComplexity }) => childComplexity;

type Costing = { cost: number; pageSizes: number[] };

/** The variables that feed a `first` argument: the only ones a document's cost depends on. */
function pageSizeVariables(document: DocumentNode): string[] {
  const names = new Set<string>();
  visit(document, {
    Argument(node) {
      if (node.name.value === "first" && node.value.kind === Kind.VARIABLE) names.add(node.value.name.value);
    },
  });
  return [...names].sort();
}

/**
 * Costs of documents already seen, by document then by the values of its page-size variables. Apollo hands
 * the same parsed document object for the same query text, so a repeated operation is costed once.
 */
const costings = new WeakMap<DocumentNode, { variables: string[]; byValues: Map<string, Costing> }>();
const MAX_COSTINGS_PER_DOCUMENT = 100;

function costOf(schema: GraphQLSchema, document: DocumentNode, operationName: string | undefined, variables: Record<string, unknown>): Costing {
  let entry = costings.get(document);
  if (!entry) {
    entry = { variables: pageSizeVariables(document), byValues: new Map() };
    costings.set(document, entry);
  }
  const key = JSON.stringify([operationName ?? null, ...entry.variables.map((name) => variables[name] ?? null)]);
  const known = entry.byValues.get(key);
  if (known) return known;
  const pageSizes: number[] = [];
  const pageSizeProbe: ComplexityEstimator = ({ args }) => {
    if (typeof args["first"] === "number") pageSizes.push(args["first"]);
    return undefined;
  };
  const cost = getComplexity({
    schema,
    query: document,
    variables,
    operationName,
    estimators: [pageSizeProbe, fieldExtensionsEstimator(), nestedObjectCost],
  });
  if (entry.byValues.size >= MAX_COSTINGS_PER_DOCUMENT) entry.byValues.clear();
  const costing = { cost, pageSizes };
  entry.byValues.set(key, costing);
  return costing;
}

/**
 * Why an operation may not run for a caller on `plan`, checked before any SQL: a page size over the maximum,
 * or a cost over what the plan allows (for a subscription, the cost of the selection sent with each event).
 * Null when it may run.
 */
export function operationLimitError(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | undefined,
  variables: Record<string, unknown>,
  plan: SubscriptionPlan,
): GraphQLError | null {
  let costing: Costing;
  try {
    costing = costOf(schema, document, operationName, variables);
  } catch (error) {
    // Costing coerces the variables first; invalid ones are the client's mistake (GraphQL would say so too).
    const message = error instanceof Error ? error.message : "Invalid variables.";
    return new GraphQLError(message, { extensions: { code: "BAD_USER_INPUT", http: { status: 400 } } });
  }
  const badPage = costing.pageSizes.find((first) => first < 0 || first > MAX_PAGE_SIZE);
  if (badPage !== undefined) {
    return new GraphQLError(`first must be between 0 and ${MAX_PAGE_SIZE} (got ${badPage}).`, {
      extensions: { code: "BAD_USER_INPUT", http: { status: 400 } },
    });
  }
  const { maxQueryCost } = planLimits(plan);
  if (costing.cost > maxQueryCost) {
    return new GraphQLError(`Query cost ${costing.cost} exceeds the limit of ${maxQueryCost} for the ${plan} plan; ask for fewer objects.`, {
      extensions: { code: "QUERY_TOO_COMPLEX", cost: costing.cost, maxCost: maxQueryCost, http: { status: 400 } },
    });
  }
  return null;
}

/** Applies `operationLimitError` to every HTTP operation, once it is known and its variables are coerced. */
export function costPlugin(schema: GraphQLSchema): ApolloServerPlugin<RequestContext> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ request, document, operationName, contextValue }) {
          const error = operationLimitError(schema, document, operationName ?? undefined, request.variables ?? {}, contextValue.viewer.plan);
          if (error) throw error;
        },
      };
    },
  };
}
