import type { SubscriptionPlan } from "../../domain/enums.js";

/** What a subscription plan allows. README ("Limits per plan") documents these numbers; keep them in step. */
export type PlanLimits = {
  /** Requests per token per rate-limit window, GraphQL and REST v1 together. */
  requestsPerWindow: number;
  /** Highest cost of one GraphQL operation (see transports/graphql/limits/cost.ts for how cost is counted). */
  maxQueryCost: number;
  /** Deepest result a paginated search reaches: offset + page size. */
  maxResultWindow: number;
};

/** Length of a rate-limit window, in seconds. */
export const RATE_LIMIT_WINDOW_SECONDS = 60;

export const PLAN_LIMITS: Readonly<Record<SubscriptionPlan, PlanLimits>> = {
  free: { requestsPerWindow: 60, maxQueryCost: 1_000, maxResultWindow: 1_000 },
  starter30: { requestsPerWindow: 1_800, maxQueryCost: 2_500, maxResultWindow: 5_000 },
  growth100: { requestsPerWindow: 6_000, maxQueryCost: 5_000, maxResultWindow: 10_000 },
  pro200: { requestsPerWindow: 12_000, maxQueryCost: 10_000, maxResultWindow: 10_000 },
  enterprise500: { requestsPerWindow: 30_000, maxQueryCost: 25_000, maxResultWindow: 10_000 },
};

export function planLimits(plan: SubscriptionPlan): PlanLimits {
  return PLAN_LIMITS[plan];
}
