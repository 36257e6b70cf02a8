import type { FormattedExecutionResult } from "graphql";
import { responseMetaJson } from "../../modules/response-meta.js";

/**
 * The JSON text of a GraphQL response, exactly as `JSON.stringify(result)` writes it. Every response ends with
 * the caller's `extensions.meta` (every department code for most contracts: most of the 15 µs that serialising
 * a `{ __typename }` response took in a CPU profile); its text is serialised once per envelope and set into
 * the response text as it is. Any other shape of result is serialised whole.
 */
export function graphqlResultJson(result: FormattedExecutionResult): string {
  const parts = partsOf(result);
  return parts ? `${parts.head.slice(0, -1)}${parts.tail}` : JSON.stringify(result);
}

/**
 * The same text as UTF-8 bytes, ready to send. Written from its two parts straight into one buffer: joining
 * them first makes a text that must be copied whole before it can be encoded (400 KB of the 2.9 MB a GraphQL
 * page of 20 properties with their classifieds allocated, its answer being two-byte text as French text is).
 */
export function graphqlResultBytes(result: FormattedExecutionResult): Buffer {
  const parts = partsOf(result);
  if (!parts) return Buffer.from(JSON.stringify(result), "utf8");
  const headBytes = Buffer.byteLength(parts.head, "utf8") - 1; // all but its closing brace, one byte
  const bytes = Buffer.allocUnsafe(headBytes + Buffer.byteLength(parts.tail, "utf8"));
  bytes.write(parts.head, 0, headBytes, "utf8");
  bytes.write(parts.tail, headBytes, "utf8");
  return bytes;
}

/** The result without its envelope as JSON (`head`, ending with `}`), and what replaces that brace (`tail`). */
function partsOf(result: FormattedExecutionResult): { head: string; tail: string } | undefined {
  const meta: unknown = result.extensions?.["meta"];
  if (typeof meta !== "object" || meta === null || Object.keys(result.extensions ?? {}).length !== 1 || !endsWithExtensions(result)) {
    return undefined;
  }
  const { extensions: _serialisedBelow, ...rest } = result;
  const head = JSON.stringify(rest);
  return { head, tail: `${head === "{}" ? "" : ","}"extensions":{"meta":${responseMetaJson(meta)}}}` };
}

/** JSON.stringify writes keys in insertion order: the text above is the same only when `extensions` is last. */
function endsWithExtensions(result: FormattedExecutionResult): boolean {
  let last: string | undefined;
  for (const key in result) last = key;
  return last === "extensions";
}
