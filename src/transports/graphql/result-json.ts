import type { FormattedExecutionResult } from "graphql";
import { responseMetaJson } from "../../modules/response-meta.js";
import { JsonBytesWriter } from "../json-bytes.js";

/**
 * The JSON text of a GraphQL response, exactly as `JSON.stringify(result)` writes it. Every response ends with
 * the caller's `extensions.meta` (every department code for most contracts: most of the 15 µs that serialising
 * a `{ __typename }` response took in a CPU profile); its text is serialised once per envelope and set into
 * the response text as it is. Any other shape of result is serialised whole.
 */
export function graphqlResultJson(result: FormattedExecutionResult): string {
  if (!hasMetaEnvelope(result)) return JSON.stringify(result);
  const { extensions, ...rest } = result;
  const head = JSON.stringify(rest);
  return `${head.slice(0, -1)}${head === "{}" ? "" : ","}${envelopeMember(extensions.meta)}}`;
}

/**
 * The same text as UTF-8 bytes, ready to send, written without the text of the whole (json-bytes.ts): the
 * result's outer levels are walked, down to each edge or object of a page, and its envelope is the cached text.
 */
export function graphqlResultBytes(result: FormattedExecutionResult): Buffer {
  const writer = new JsonBytesWriter();
  if (!hasMetaEnvelope(result)) return writer.value(result, WALKED_LEVELS).take();
  const { extensions, ...rest } = result;
  writer.raw("{");
  const wroteAny = writer.members(rest, WALKED_LEVELS);
  return writer.raw(`${wroteAny ? "," : ""}${envelopeMember(extensions.meta)}}`).take();
}

/**
 * The levels of a result walked before its parts are serialised whole: the result, `data`, a field (a
 * connection), its `edges`, so that each edge, or each object of a list field, is one part.
 */
const WALKED_LEVELS = 4;

/** The envelope as the result's last member, its `meta` serialised once per envelope. */
function envelopeMember(meta: object): string {
  return `"extensions":{"meta":${responseMetaJson(meta)}}`;
}

/** Whether `extensions` is the last member of the result and holds `meta`, an object, alone. */
function hasMetaEnvelope(result: FormattedExecutionResult): result is FormattedExecutionResult & { extensions: { meta: object } } {
  const meta: unknown = result.extensions?.["meta"];
  return typeof meta === "object" && meta !== null && Object.keys(result.extensions ?? {}).length === 1 && endsWithExtensions(result);
}

/** JSON.stringify writes keys in insertion order: the text above is the same only when `extensions` is last. */
function endsWithExtensions(result: FormattedExecutionResult): boolean {
  let last: string | undefined;
  for (const key in result) last = key;
  return last === "extensions";
}
