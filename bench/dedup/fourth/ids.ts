/** Identity values as French portals show them: SIREN/SIRET, phone numbers, e-mail addresses, slugs. */
import type { Rng } from "./rng.js";

function luhnCheckDigit(payload: string): number {
  let sum = 0;
  for (let i = 0; i < payload.length; i++) {
    let d = Number(payload[payload.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

export function luhnValid(digits: string): boolean {
  return luhnCheckDigit(digits.slice(0, -1)) === Number(digits[digits.length - 1]);
}

/** A Luhn-valid SIREN (never La Poste's 356000000), not starting with 0 so it survives being written as a number. */
export function siren(rng: Rng, used: Set<string>): string {
  for (;;) {
    const body = rng.digits(8);
    const s = body + String(luhnCheckDigit(body));
    if (s !== "356000000" && !used.has(s)) {
      used.add(s);
      return s;
    }
  }
}

/** A Luhn-valid SIRET of a SIREN, with an establishment number like the real ones ("00013", "00021", ...). */
export function siret(rng: Rng, sirenValue: string, establishment = rng.int(1, 6)): string {
  const nicBody = String(establishment).padStart(4, "0");
  const payload = sirenValue + nicBody;
  return payload + String(luhnCheckDigit(payload));
}

/** How a portal writes a SIRET: plain, grouped by spaces or dots, or as a JSON number. */
export function siretAsShown(rng: Rng, value: string): string | number {
  return rng.weighted<string | number>([
    [value, 70],
    [`${value.slice(0, 3)} ${value.slice(3, 6)} ${value.slice(6, 9)} ${value.slice(9)}`, 18],
    [`${value.slice(0, 3)}.${value.slice(3, 6)}.${value.slice(6, 9)}.${value.slice(9)}`, 4],
    [Number(value), 8],
  ]);
}

export function mobile(rng: Rng): string {
  return rng.chance(0.7)
    ? `06${rng.int(10, 99)}${rng.int(0, 999999).toString().padStart(6, "0")}`
    : `07${rng.int(3, 8)}${rng.int(0, 9999999).toString().padStart(7, "0")}`;
}

export function landline(rng: Rng, prefixes: readonly string[]): string {
  return `${rng.pick(prefixes)}${rng.int(0, 999999).toString().padStart(6, "0")}`;
}

/** A 10-digit national number written the many ways French sites do. */
export function phoneAsShown(rng: Rng, national: string, style?: number): string {
  const pairs = national.match(/../g)!;
  const intl = national.slice(1);
  switch (style ?? rng.weighted([0, 1, 2, 3, 4, 5].map((s, i) => [s, [46, 18, 10, 12, 9, 5][i]!] as const))) {
    case 0:
      return pairs.join(" ");
    case 1:
      return national;
    case 2:
      return pairs.join(".");
    case 3:
      return `+33 ${intl[0]} ${intl.slice(1).match(/../g)!.join(" ")}`;
    case 4:
      return `+33${intl}`;
    default:
      return pairs.join("-");
  }
}

export function slug(s: string): string {
  return s
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, "et")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

export function emailLocal(first: string, last: string, rng: Rng): string {
  const f = slug(first).replace(/-/g, "");
  const l = slug(last).replace(/-/g, "");
  return rng.weighted([
    [`${f}.${l}`, 50],
    [`${f[0]}.${l}`, 15],
    [`${f}${l}`, 10],
    [`${f}.${l}${rng.int(1, 99)}`, 15],
    [`${l}.${f}`, 10],
  ]);
}

/** How a portal writes an address: mostly plain, sometimes in capitals, as "Name <addr>", "mailto:" or "[at]". */
export function emailAsShown(rng: Rng, address: string, display: string): string {
  return rng.weighted([
    [address, 86],
    [address.toUpperCase(), 4],
    [`${display.replace(/[<>"]/g, "")} <${address}>`, 5],
    [`mailto:${address}`, 3],
    [address.replace("@", "[at]"), 2],
  ]);
}
