import { listDepartments } from "../domain/geography.js";
import type { SubscriptionPlan } from "../domain/enums.js";
import type { Viewer } from "./auth/auth.types.js";

/** The `meta` envelope every v1 response and every GraphQL response (`extensions.meta`) carries. */
export type ResponseMeta = {
  subscriptionPlan: SubscriptionPlan;
  dataAccessLimit: { departments: string[]; sirens: string[]; sirets: string[] };
};

/** The caller's plan and data-access limits; an all-departments contract lists every department code. */
export function responseMeta(viewer: Viewer): ResponseMeta {
  const { contract } = viewer;
  return {
    subscriptionPlan: viewer.plan,
    dataAccessLimit: {
      departments: contract.allDepartments ? listDepartments() : [...contract.departments],
      sirens: [...contract.sirens],
      sirets: [...contract.sirets],
    },
  };
}
