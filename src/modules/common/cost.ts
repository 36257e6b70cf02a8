import type { ComplexityEstimator } from "graphql-query-complexity";

/**
 * How GraphQL operations are costed against a plan's `maxQueryCost` (README, "Limits per plan"): a field that
 * loads data (navigation, a list, a connection) costs 1 plus what it selects, a list multiplying what each
 * element selects by how many elements it may hold; fields read from an object already loaded cost nothing.
 */

/** Elements assumed in a list without a size argument (a property's classifieds, a classified's images). */
export const ASSUMED_LIST_LENGTH = 10;

/** Page size of `properties` when `first` is not given. */
export const DEFAULT_PAGE_SIZE = 20;

/** Largest `first` a connection accepts. */
export const MAX_PAGE_SIZE = 100;

/** Cost of a list field without a size argument. */
export const listCost: ComplexityEstimator = ({ childComplexity }) => 1 + ASSUMED_LIST_LENGTH * childComplexity;

/** Cost of a connection: its selection once per requested element (`first`, bounded by the page size). */
export const connectionCost: ComplexityEstimator = ({ args, childComplexity }) => {
  const first = typeof args["first"] === "number" ? args["first"] : DEFAULT_PAGE_SIZE;
  return 1 + Math.max(0, first) * childComplexity;
};

/** Cost of a field that loads one object (navigation to a property, a description). */
export const loadCost: ComplexityEstimator = ({ childComplexity }) => 1 + childComplexity;
