/**
 * Phone numbers as portals print them ("06.12.34.56.78", "+33 (0)1 44 55 66 77", "Tél : 0590 27 12 34")
 * to E.164. Numbers of the French plan (metropolitan France and the overseas territories) are checked by their
 * shape; foreign numbers against libphonenumber's full metadata (the `max` build: exact number ranges).
 */
import { isSupportedCountry, parsePhoneNumberFromString, type CountryCode, type PhoneNumber } from "libphonenumber-js/max";

/**
 * French overseas numbers in the national 10-digit plan. From France they are dialled `0590 ..`, `0692 ..`,
 * but their E.164 form uses the territory's own calling code (+590 590 .., +262 692 ..). libphonenumber
 * parses them under FR as +33 59.., which is not a reachable number, so they are re-read here.
 * `keepPrefix` is false for Saint-Pierre-et-Miquelon, whose 6-digit numbers are dialled `0508` + number.
 */
const OVERSEAS_RANGES: ReadonlyArray<{ prefixes: readonly string[]; callingCode: string; keepPrefix: boolean }> = [
  { prefixes: ["590", "690", "691"], callingCode: "590", keepPrefix: true }, // Guadeloupe, St-Barth, St-Martin
  { prefixes: ["594", "694"], callingCode: "594", keepPrefix: true }, // Guyane
  { prefixes: ["596", "696", "697"], callingCode: "596", keepPrefix: true }, // Martinique
  { prefixes: ["262", "263", "692", "693", "269", "639"], callingCode: "262", keepPrefix: true }, // Réunion, Mayotte
  { prefixes: ["508"], callingCode: "508", keepPrefix: false }, // Saint-Pierre-et-Miquelon
];

/** Separators between several numbers in one field ("01 44 55 66 77 / 06 12 34 56 78"). */
const NUMBER_SEPARATORS = /\s*(?:[/;,|]|\bou\b|\bor\b)\s*/i;

/** Extension suffixes; E.164 has no extension. */
const EXTENSION = /\s*(?:poste|ext\.?|extension|#)\s*\d+\s*$/i;

/**
 * E.164 form (`+33144556677`) of a phone number written in any usual way, or null when no valid number can
 * be read. A field holding several numbers yields the first valid one. National numbers are read in
 * `defaultCountry` (ISO 3166 alpha-2; an unknown code means international numbers only); French overseas
 * numbers written nationally (`0590 ..`) get their territory's code.
 */
export function toE164(raw: string, defaultCountry: string = "FR"): string | null {
  const country = isSupportedCountry(defaultCountry) ? defaultCountry : undefined;
  for (const part of raw.split(NUMBER_SEPARATORS)) {
    const number = parseOne(part.replace(EXTENSION, ""), country);
    if (number !== null) return number;
  }
  return null;
}

function parseOne(text: string, defaultCountry: CountryCode | undefined): string | null {
  if (!/\d/.test(text)) return null;
  const parsed = parsePhoneNumberFromString(text, defaultCountry);
  if (parsed === undefined) return null;
  if (!FRENCH_PLAN_CALLING_CODES.has(parsed.countryCallingCode)) return parsed.isValid() ? parsed.number : null;
  const number = parsed.countryCallingCode === "33" ? underItsTerritory(parsed) : parsed;
  return number !== undefined && hasFrenchPlanShape(number) ? number.number : null;
}

const FRENCH_PLAN_CALLING_CODES: ReadonlySet<string> = new Set(["33", ...OVERSEAS_RANGES.map((range) => range.callingCode)]);

/**
 * A number of the French plan is taken by its shape, the length of its territory's numbers and no 0 after the
 * trunk prefix, not by libphonenumber's list of allocated ranges: that list is only as recent as the installed
 * copy, and a listing must not be refused because its agency's number lies in a range the copy does not know
 * ("05 94 73 79 96"). Shapeless numbers are still refused ("00 00 00 00 00", "06 12 34 56 7").
 */
function hasFrenchPlanShape(number: PhoneNumber): boolean {
  return /^[1-9]/.test(number.nationalNumber) && number.isPossible();
}

/**
 * A +33 number under its territory's calling code: itself in metropolitan France, re-read under the territory's
 * code when it falls in an overseas range (undefined if that cannot be read).
 */
function underItsTerritory(number: PhoneNumber): PhoneNumber | undefined {
  const nationalNumber = number.nationalNumber;
  const range = nationalNumber.length === 9 ? OVERSEAS_RANGES.find((candidate) => candidate.prefixes.includes(nationalNumber.slice(0, 3))) : undefined;
  if (range === undefined) return number;
  const subscriber = range.keepPrefix ? nationalNumber : nationalNumber.slice(3);
  return parsePhoneNumberFromString(`+${range.callingCode}${subscriber}`);
}

/**
 * Whether an E.164 number is a French mobile: 06 and 07 in metropolitan France, the overseas territories' mobile
 * ranges (0690, 0694, 0696, 0692...). An agent of a mandatary network answers on their own mobile; an office or a
 * network's switchboard on a landline.
 */
export function isFrenchMobile(e164: string): boolean {
  return FRENCH_MOBILE_PREFIXES.some((prefix) => e164.startsWith(prefix));
}

const FRENCH_MOBILE_PREFIXES: readonly string[] = [
  "+336",
  "+337",
  ...OVERSEAS_RANGES.flatMap((range) => range.prefixes.filter((prefix) => prefix.startsWith("6")).map((prefix) => `+${range.callingCode}${prefix}`)),
];
