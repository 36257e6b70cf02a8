// Identifiers as French portals show them: SIRETs (Luhn), phone numbers, e-mail addresses, in their usual spellings.

import type { Rng } from "./rng.js";

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

function withCheckDigit(prefix: string): string {
  for (let d = 0; d <= 9; d++) {
    const candidate = prefix + String(d);
    if (luhnValid(candidate)) return candidate;
  }
  throw new Error("unreachable: a Luhn check digit always exists");
}

/** A SIREN (9 digits, Luhn) that is not La Poste's (356000000, checked by another rule). */
export function newSiren(rng: Rng): string {
  for (;;) {
    const siren = withCheckDigit(String(rng.int(3, 9)) + rng.digits(7));
    if (siren !== "356000000") return siren;
  }
}

/** A SIRET of the SIREN: NIC of 4 digits plus a check digit making the 14 digits pass Luhn. */
export function newSiret(rng: Rng, siren: string): string {
  const nic4 = rng.chance(0.6) ? "000" + String(rng.int(1, 4)) : "0" + rng.digits(3);
  const siret = withCheckDigit(siren + nic4);
  if (!luhnValid(siret) || !luhnValid(siret.slice(0, 9))) throw new Error("bad SIRET " + siret);
  return siret;
}

/** A SIRET spelled as a portal might: plain, grouped by spaces, dotted, or as a JSON number. */
export function spellSiret(rng: Rng, siret: string): string | number {
  return rng.weighted<() => string | number>([
    [() => siret, 0.55],
    [() => `${siret.slice(0, 3)} ${siret.slice(3, 6)} ${siret.slice(6, 9)} ${siret.slice(9)}`, 0.25],
    [() => `${siret.slice(0, 3)}.${siret.slice(3, 6)}.${siret.slice(6, 9)}.${siret.slice(9)}`, 0.08],
    [() => Number(siret), 0.12],
  ])();
}

/** French mobile number, 10 digits starting 06 or 07 (ranges libphonenumber treats as mobile). */
export function newMobile(rng: Rng): string {
  if (rng.chance(0.7)) return "06" + rng.pick(["0", "1", "2", "4", "5", "7", "8"]) + rng.digits(7);
  return "07" + rng.pick(["5", "6", "7", "8"]) + rng.digits(7);
}

/** Landline of the region, e.g. prefix "04 72" gives "0472xxxxxx". */
export function newLandline(rng: Rng, prefixes: readonly string[]): string {
  return rng.pick(prefixes).replace(/ /g, "") + String(rng.int(1, 9)) + rng.digits(5);
}

/** The spellings of one number seen on portals. */
export function spellPhone(rng: Rng, digits10: string): string {
  const pairs = digits10.match(/../g) as string[];
  const national = digits10.slice(1);
  return rng.weighted<() => string>([
    [() => pairs.join(" "), 0.4],
    [() => digits10, 0.18],
    [() => pairs.join("."), 0.14],
    [() => pairs.join("-"), 0.04],
    [() => `+33 ${national[0]} ${(national.slice(1).match(/../g) as string[]).join(" ")}`, 0.12],
    [() => `+33${national}`, 0.12],
  ])();
}

export function slugify(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, "et")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** How an address is written: lower-case, capitalised, "Name <address>", mailto:, or with [at]. */
export function spellEmail(rng: Rng, address: string, displayName: string): string {
  return rng.weighted<() => string>([
    [() => address, 0.62],
    [() => address.replace(/^./, (c) => c.toUpperCase()), 0.1],
    [() => address.toUpperCase(), 0.04],
    [() => `${displayName.replace(/[<>"]/g, "")} <${address}>`, 0.1],
    [() => `mailto:${address}`, 0.08],
    [() => address.replace("@", "[at]"), 0.06],
  ])();
}

/** Name spellings of one publisher: as registered, upper-case, lower-case. */
export function spellName(rng: Rng, name: string): string {
  return rng.weighted<() => string>([
    [() => name, 0.62],
    [() => name.toUpperCase(), 0.22],
    [() => name.toLowerCase(), 0.1],
    [() => name.replace(/\s+/g, "  "), 0.06],
  ])();
}
