/**
 * Characters a feed must not carry, found before a line is validated, with the field that carries them:
 * - U+FFFD: the line was not valid UTF-8 (the reader replaces undecodable bytes with it) or carries the
 *   replacement character of an earlier bad decoding; either way its text is not what the portal showed;
 * - a lone UTF-16 surrogate (`"\ud800"` in the JSON): not a character, and refused by PostgreSQL;
 * - NUL, except in free text (title, description), where it is dropped as before: in a URL or an identifier it
 *   would silently make another value (PostgreSQL text cannot hold it either).
 * Looked for first in the raw line, so the usual clean line costs a scan, not a walk of the parsed value.
 */

/**
 * Raw-text signs of any of the above: a literal character, or its JSON escape. Two scans rather than one
 * expression with both branches: the escapes are looked for only in lines that hold a `\u` at all, and the
 * usual line is checked in about 40% less time.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding NUL characters is this check's purpose.
const SUSPECT_CHARACTER = /[\u0000\uFFFD\uD800-\uDFFF]/;
const SUSPECT_ESCAPE = /\\u(?:0000|[dD][89a-fA-F][0-9a-fA-F]{2}|[fF][fF][fF][dD])/;

/** Free-text fields, where NUL characters are dropped rather than refused. */
const FREE_TEXT = new Set(["title", "description"]);

/** The first problem found in the parsed line (`path: what`), or null. */
export function textIntegrityProblem(raw: string, parsed: unknown): string | null {
  if (!SUSPECT_CHARACTER.test(raw) && !(raw.includes("\\u") && SUSPECT_ESCAPE.test(raw))) return null;
  return problemIn(parsed, "");
}

function problemIn(value: unknown, path: string): string | null {
  if (typeof value === "string") return stringProblem(value, path);
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const problem = problemIn(item, `${path}[${index}]`);
      if (problem !== null) return problem;
    }
    return null;
  }
  if (typeof value === "object" && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      const problem = stringProblem(key, path === "" ? key : `${path}.${key}`) ?? problemIn(item, path === "" ? key : `${path}.${key}`);
      if (problem !== null) return problem;
    }
  }
  return null;
}

function stringProblem(text: string, path: string): string | null {
  if (text.includes("\uFFFD")) return `${path}: is not valid UTF-8 (it contains U+FFFD, the mark of undecodable bytes)`;
  if (hasLoneSurrogate(text)) return `${path}: contains a lone UTF-16 surrogate, which is not a character`;
  if (text.includes("\u0000") && !FREE_TEXT.has(path)) return `${path}: contains a NUL character`;
  return null;
}

function hasLoneSurrogate(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = text.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) index += 1;
      else return true;
    } else if (code >= 0xdc00 && code <= 0xdfff) return true;
  }
  return false;
}
