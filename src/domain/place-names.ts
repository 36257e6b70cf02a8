/**
 * Comparison of French commune names as people and portals write them: without accents, in capitals,
 * "St" for "Saint", "s/" for "sur", "Paris 11ème" for "Paris 11e Arrondissement", "Havre (Le)", small typos.
 */
import { withinEditDistance } from "./edit-distance.js";

/** Abbreviations expanded word by word after normalisation. */
const ABBREVIATIONS: ReadonlyMap<string, string> = new Map([
  ["st", "saint"],
  ["ste", "sainte"],
  ["sts", "saints"],
  ["stes", "saintes"],
  ["s", "sur"], // from "s/", after punctuation became spaces
  ["ss", "sous"],
  ["mt", "mont"],
  ["gd", "grand"],
  ["gde", "grande"],
]);

/** Words that only decorate a name: "Paris 11e arrondissement", "Paris Cedex 08". */
const NOISE_WORDS: ReadonlySet<string> = new Set(["arrondissement", "arr", "arrdt", "cedex"]);

/** Words too common to identify a commune on their own when matching by prefix. */
const WEAK_PREFIXES: ReadonlySet<string> = new Set(["saint", "sainte", "le", "la", "les", "l"]);

/**
 * Canonical comparison form of a place name: ASCII lower-case words separated by single spaces, abbreviations
 * expanded, ordinals reduced to their number ("11eme" -> "11"), decoration words dropped.
 */
export function normalisePlaceName(name: string): string {
  const articleMoved = name.trim().replace(/^(.*?)\s*\((l'|le|la|les)\)$/i, "$2 $1");
  const words = articleMoved
    .replace(/[œŒ]/g, "oe")
    .replace(/[æÆ]/g, "ae")
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim()
    .split(" ")
    .filter((word) => word !== "");
  return words
    .map((word) => ABBREVIATIONS.get(word) ?? word)
    .map((word) => word.replace(/^0*(\d+)(?:er|re|eme|em|e|nd|nde)?$/, "$1"))
    .filter((word) => !NOISE_WORDS.has(word))
    .join(" ");
}

/**
 * How well `given` names the commune officially called `official` (both raw): 3 same name, 2 same up to a
 * small typo or spacing, 1 `given` is a distinctive leading part of the official name ("Saint-Maur" for
 * "Saint-Maur-des-Fossés", "Paris" for "Paris 11e Arrondissement"), 0 no match.
 */
export function placeNameScore(given: string, official: string): 0 | 1 | 2 | 3 {
  const a = normalisePlaceName(given);
  const b = normalisePlaceName(official);
  if (a === "" || b === "") return 0;
  if (a === b) return 3;
  const compactA = a.replaceAll(" ", "");
  const compactB = b.replaceAll(" ", "");
  if (compactA === compactB) return 2;
  // Numbers are never typos: "Paris 12" is not "Paris 11".
  const sameNumbers = a.replace(/\D+/g, " ").trim() === b.replace(/\D+/g, " ").trim();
  const shorter = sameNumbers ? Math.min(compactA.length, compactB.length) : 0;
  const allowedTypos = shorter >= 10 ? 2 : shorter >= 5 ? 1 : 0;
  if (allowedTypos > 0 && withinEditDistance(compactA, compactB, allowedTypos)) return 2;
  if (b.startsWith(`${a} `) && !WEAK_PREFIXES.has(a) && compactA.length >= 4) return 1;
  return 0;
}
