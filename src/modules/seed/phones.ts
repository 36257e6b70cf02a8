import { toE164 } from "../../domain/phone.js";
import type { Random } from "./random.js";

/** Landline area prefix (01 to 05) of each metropolitan department; overseas have their own below. */
const AREA_OF_DEPARTMENT: ReadonlyArray<readonly [string, readonly string[]]> = [
  ["01", ["75", "77", "78", "91", "92", "93", "94", "95"]],
  ["02", ["14", "18", "22", "27", "28", "29", "35", "36", "37", "41", "44", "45", "49", "50", "53", "56", "61", "72", "76", "85"]],
  ["03", ["02", "08", "10", "21", "25", "39", "51", "52", "54", "55", "57", "58", "59", "60", "62", "67", "68", "70", "71", "80", "88", "89", "90"]],
  ["05", ["09", "11", "12", "16", "17", "19", "23", "24", "31", "32", "33", "40", "46", "47", "64", "65", "79", "81", "82", "86", "87"]],
];

const OVERSEAS_LANDLINE: Readonly<Record<string, string>> = { "971": "0590", "972": "0596", "973": "0594", "974": "0262", "976": "0269" };
const OVERSEAS_MOBILE: Readonly<Record<string, readonly string[]>> = {
  "971": ["0690"],
  "972": ["0696"],
  "973": ["0694"],
  "974": ["0692", "0693"],
  "976": ["0639"],
};

function landlinePrefix(department: string): string {
  const overseas = OVERSEAS_LANDLINE[department];
  if (overseas) return overseas;
  for (const [prefix, departments] of AREA_OF_DEPARTMENT) if (departments.includes(department)) return prefix;
  return "04"; // South-east and the rest of the metropolitan departments.
}

/**
 * A valid number starting with one of `prefixes`: random digits checked against the real numbering plan
 * (some blocks are unassigned), retried until one passes.
 */
function validNumber(random: Random, prefixes: readonly string[]): string {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const prefix = random.pick(prefixes);
    const national = prefix + random.digits(10 - prefix.length);
    if (toE164(national) !== null) return national;
  }
  throw new Error(`no valid phone number found for prefixes ${prefixes.join(", ")}`);
}

/** The ways portals print a national number: "01 44 55 66 77", "0144556677", "01.44.55.66.77", "+33 1 44 55 66 77". */
function formatted(random: Random, national: string, international: boolean): string {
  const pairs = national.match(/\d{2}/g) ?? [national];
  const style = random.weighted<"spaced" | "compact" | "dotted" | "international">([
    ["spaced", 6],
    ["compact", 2],
    ["dotted", 1],
    ["international", international ? 1 : 0],
  ]);
  if (style === "compact") return national;
  if (style === "dotted") return pairs.join(".");
  if (style === "international") return `+33 ${national.slice(1, 2)} ${pairs.slice(1).join(" ")}`;
  return pairs.join(" ");
}

/** An office number of the department's area (0590 in Guadeloupe, 01 in Île-de-France...). */
export function landlineFor(random: Random, department: string): string {
  return formatted(random, validNumber(random, [landlinePrefix(department)]), !(department in OVERSEAS_LANDLINE));
}

/** A mobile number (06/07, or the overseas mobile ranges). */
export function mobileFor(random: Random, department: string): string {
  const overseas = OVERSEAS_MOBILE[department];
  return formatted(random, validNumber(random, overseas ?? ["06", "07"]), overseas === undefined);
}
