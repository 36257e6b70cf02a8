import type { FormattedExecutionResult } from "graphql";
import { responseMetaJson } from "../../modules/response-meta.js";

/**
 * The JSON text of a GraphQL response, exactly as `JSON.stringify(result)` writes it. Every response ends with
 * the caller's `extensions.meta` (every department code for most contracts: most of the 15 µs that serialising
 * a `{ __typename }` response took in a CPU profile); its text is serialised once per envelope and set into
 * the response text as it is. Any other shape of result is serialised whole.
 */
export function graphqlResultJson(result: FormattedExecutionResult): string {
  const meta: unknown = result.extensions?.["meta"];
  if (typeof meta !== "object" || meta === null || Object.keys(result.extensions ?? {}).length !== 1 || !endsWithExtensions(result)) {
    return JSON.stringify(result);
  }
  const { extensions: _serialisedBelow, ...rest } = result;
  const head = JSON.stringify(rest);
  return `${head.slice(0, -1)}${head === "{}" ? "" : ","}"extensions":{"meta":${responseMetaJson(meta)}}}`;
}

/** JSON.stringify writes keys in insertion order: the text above is the same only when `extensions` is last. */
function endsWithExtensions(result: FormattedExecutionResult): boolean {
  let last: string | undefined;
  for (const key in result) last = key;
  return last === "extensions";
}
