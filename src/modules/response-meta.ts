import { listDepartments } from "../domain/geography.js";
import type { SubscriptionPlan } from "../domain/enums.js";
import type { Viewer } from "./auth/auth.types.js";

/** The `meta` envelope every v1 response and every GraphQL response (`extensions.meta`) carries. */
export type ResponseMeta = {
  subscriptionPlan: SubscriptionPlan;
  dataAccessLimit: { departments: string[]; sirens: string[]; sirets: string[] };
};

/**
 * Envelopes already built, per viewer object. The authenticator hands the same viewer to every request of a
 * token for a few seconds, so the envelope (every department code, for most contracts) is built once per
 * token and lookup, not once per response. Responses share it: callers only read or serialise it.
 */
const built = new WeakMap<Viewer, ResponseMeta>();

/** The caller's plan and data-access limits; an all-departments contract lists every department code. */
export function responseMeta(viewer: Viewer): ResponseMeta {
  let meta = built.get(viewer);
  if (!meta) {
    const { contract } = viewer;
    meta = {
      subscriptionPlan: viewer.plan,
      dataAccessLimit: {
        departments: contract.allDepartments ? listDepartments() : [...contract.departments],
        sirens: [...contract.sirens],
        sirets: [...contract.sirets],
      },
    };
    built.set(viewer, meta);
  }
  return meta;
}

/** The JSON text of envelopes already serialised: the same for every response of a viewer. */
const serialised = new WeakMap<object, string>();

/** `JSON.stringify(meta)`, computed once per envelope object (envelopes are never changed once built). */
export function responseMetaJson(meta: object): string {
  let json = serialised.get(meta);
  if (json === undefined) {
    json = JSON.stringify(meta);
    serialised.set(meta, json);
  }
  return json;
}
