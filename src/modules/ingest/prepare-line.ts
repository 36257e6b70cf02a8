import { normaliseLine } from "./normalise.js";
import type { NormalisedLine } from "./normalised.types.js";
import { MAX_LINE_LENGTH } from "./line-reader.js";
import { parseObservation } from "./observation.schema.js";
import { textIntegrityProblem } from "./text-integrity.js";

export type PreparedLine = { ok: true; line: NormalisedLine } | { ok: false; reason: string };

/** One input line → a normalised observation or removal, or the reason it is rejected. No I/O. */
export function prepareLine(text: string, now: Date): PreparedLine {
  if (text.length > MAX_LINE_LENGTH) return { ok: false, reason: `line is longer than ${MAX_LINE_LENGTH} characters` };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { ok: false, reason: `not valid JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
  const problem = textIntegrityProblem(text, json);
  if (problem !== null) return { ok: false, reason: problem };
  const parsed = parseObservation(json);
  if (!parsed.ok) return parsed;
  const normalised = normaliseLine(parsed, now);
  return normalised.ok ? { ok: true, line: normalised.value } : normalised;
}
