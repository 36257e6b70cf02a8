/**
 * Contact e-mail addresses as collectors scrape them: "mailto:" links, "Agence Dupont <contact@dupont.fr>",
 * "contact [at] dupont.fr", trailing punctuation. Normalised to one lower-case address or rejected.
 */
import { domainToASCII } from "node:url";
import { z } from "zod";

const EMAIL = z.email();

/** Written-out "@" and "." used to hide addresses from spam robots. */
const OBFUSCATED_AT = /\s*(?:\[at\]|\(at\)|\{at\}|\[arobase\]|\(arobase\))\s*/gi;
const OBFUSCATED_DOT = /\s*(?:\[dot\]|\(dot\)|\[point\]|\(point\))\s*/gi;

/** Longest address SMTP allows (RFC 5321 path limit). */
const MAX_LENGTH = 254;

/**
 * Lower-case e-mail address, or null when none can be read. Strips a `mailto:` prefix and its `?subject=`
 * part, takes the address out of `Name <address>`, undoes `[at]`/`[dot]` spelling, drops surrounding
 * punctuation, and writes an internationalised domain in punycode. Validity is zod's e-mail check.
 */
export function normaliseEmail(raw: string): string | null {
  let text = raw.trim();
  const bracketed = /<([^<>]+)>/.exec(text);
  if (bracketed?.[1] !== undefined) text = bracketed[1].trim();
  text = text.replace(/^mailto:/i, "").replace(/\?.*$/, "");
  text = text.replace(OBFUSCATED_AT, "@").replace(OBFUSCATED_DOT, ".");
  text = text
    .replace(/^["'(\[]+|[)\]"'.,;:!]+$/g, "")
    .trim()
    .toLowerCase();
  if (text.length === 0 || text.length > MAX_LENGTH) return null;
  const at = text.lastIndexOf("@");
  if (at <= 0) return null;
  const domain = domainToASCII(text.slice(at + 1));
  if (domain === "") return null;
  const address = `${text.slice(0, at)}@${domain}`;
  return EMAIL.safeParse(address).success ? address : null;
}
