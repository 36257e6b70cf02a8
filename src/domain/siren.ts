/**
 * SIREN (9 digits, identifies a company) and SIRET (14 digits: SIREN + 5-digit establishment number NIC),
 * both protected by the Luhn check digit. Publishers' numbers arrive typed by hand on portals
 * ("123 456 789", "123.456.789 00012"), so they are normalised before being validated.
 */

/**
 * La Poste has more establishments than the NIC's Luhn digit allows; INSEE numbers them with a different
 * rule: the sum of the SIRET's digits is a multiple of 5.
 */
const LA_POSTE_SIREN = "356000000";

/** Separators people put inside the numbers: spaces (incl. non-breaking), dots, hyphens, slashes. */
const SEPARATORS = /[\s\u00a0\u202f.\-/]/g;

/**
 * The digit that, appended to `digits`, makes the whole number pass the Luhn check. Used to build valid
 * numbers (synthetic publishers, test factories). Throws on non-digit input because that is a programming
 * error, not bad data.
 */
export function luhnCheckDigit(digits: string): number {
  if (!/^\d*$/.test(digits)) throw new Error(`luhnCheckDigit expects digits only, got ${JSON.stringify(digits)}`);
  // With the check digit appended, the digits of `digits` doubled are those at odd offsets from its end.
  const sum = luhnSum(digits, true);
  return (10 - (sum % 10)) % 10;
}

/** True when `value` is exactly 9 digits, not all zero, passing the Luhn check. No normalisation. */
export function isValidSiren(value: string): boolean {
  return /^\d{9}$/.test(value) && !/^0+$/.test(value) && luhnSum(value, false) % 10 === 0;
}

/**
 * True when `value` is exactly 14 digits whose first 9 form a valid SIREN and that pass the Luhn check, or,
 * for La Poste's establishments, whose digits sum to a multiple of 5. No normalisation.
 */
export function isValidSiret(value: string): boolean {
  if (!/^\d{14}$/.test(value)) return false;
  const siren = value.slice(0, 9);
  if (!isValidSiren(siren)) return false;
  if (luhnSum(value, false) % 10 === 0) return true;
  return siren === LA_POSTE_SIREN && digitSum(value) % 5 === 0;
}

/** SIREN (first 9 digits) of a SIRET written in any usual way; null when it is not a valid SIRET. */
export function sirenOfSiret(siret: unknown): string | null {
  const normalised = normaliseSiret(siret);
  return normalised === null ? null : normalised.slice(0, 9);
}

/** SIREN without separators, or null when the input is not a valid SIREN. Numbers are accepted as well. */
export function normaliseSiren(raw: unknown): string | null {
  const digits = stripSeparators(raw);
  return digits !== null && isValidSiren(digits) ? digits : null;
}

/** SIRET without separators, or null when the input is not a valid SIRET. Numbers are accepted as well. */
export function normaliseSiret(raw: unknown): string | null {
  const digits = stripSeparators(raw);
  return digits !== null && isValidSiret(digits) ? digits : null;
}

function stripSeparators(raw: unknown): string | null {
  if (typeof raw === "number") return Number.isSafeInteger(raw) && raw > 0 ? String(raw) : null;
  if (typeof raw !== "string") return null;
  return raw.replace(SEPARATORS, "");
}

/**
 * Luhn sum of `digits`: every second digit from the right is doubled (minus 9 when above 9). The rightmost
 * digit is doubled when `doubleRightmost` (computing a check digit to append), else left alone (verifying).
 */
function luhnSum(digits: string, doubleRightmost: boolean): number {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    const fromRight = digits.length - 1 - index;
    const digit = digits.charCodeAt(index) - 48;
    const doubled = doubleRightmost ? fromRight % 2 === 0 : fromRight % 2 === 1;
    sum += doubled ? (digit * 2 > 9 ? digit * 2 - 9 : digit * 2) : digit;
  }
  return sum;
}

function digitSum(digits: string): number {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) sum += digits.charCodeAt(index) - 48;
  return sum;
}
