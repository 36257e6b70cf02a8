/**
 * Energy performance (DPE) and greenhouse-gas (GES) labels as collectors scrape them: "D", " d ", "DPE : D",
 * "Classe énergie D", "D (245 kWh/m².an)". Everything else ("NC", "Vierge", "en cours", "H") is unknown.
 */
import { ENERGY_LABELS, isOneOf, type EnergyLabel } from "./enums.js";

/** Words that may precede the letter. Longest first so "classe energie" wins over "classe". */
const LEADING_WORDS = /^(?:(?:diagnostic|classe|class|etiquette|label|lettre|note|energie|energetique|energy|climat|dpe|ges)\b[\s:=\-–]*)+/;

/** Lower-case label `a`..`g`, or null when the input names none. */
export function normaliseEnergyLabel(raw: unknown): EnergyLabel | null {
  if (typeof raw !== "string") return null;
  const text = raw
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .trim()
    .toLowerCase()
    .replace(LEADING_WORDS, "")
    .trim();
  // The letter must stand alone: "d (245 kWh)" is d, "dpe" or "nc" is nothing.
  const letter = /^([a-z])(?![a-z])/.exec(text)?.[1];
  return isOneOf(ENERGY_LABELS, letter) ? letter : null;
}
