/** Identifiers publishers show: SIREN/SIRET (Luhn-valid), French phone numbers, e-mail addresses. */
import type { Rng } from "./rng.js";

function luhnCheckDigit(payload: string): number {
  let sum = 0;
  for (let i = 0; i < payload.length; i += 1) {
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

const usedSirens = new Set<string>();

/** A fresh SIREN (never La Poste's 356000000, never twice in one run). */
export function newSiren(rng: Rng): string {
  for (;;) {
    const head = String(rng.int(3, 9)) + rng.digits(7);
    const siren = head + String(luhnCheckDigit(head));
    if (siren !== "356000000" && !usedSirens.has(siren)) {
      usedSirens.add(siren);
      return siren;
    }
  }
}

/** A SIRET of that SIREN: establishment number (NIC) of 4 digits plus a check digit over all 14. */
export function newSiret(rng: Rng, siren: string, establishment: number): string {
  const nic4 = String(establishment * 10 + rng.int(0, 9)).padStart(4, "0");
  const payload = siren + nic4;
  return payload + String(luhnCheckDigit(payload));
}

/** A French number from a prefix such as "03 88" or "06 92", as "03 88 12 34 56". */
export function newPhone(rng: Rng, prefix: string): string {
  const compact = prefix.replace(/ /g, "");
  let rest = "";
  while (compact.length + rest.length < 10) rest += String(rng.int(0, 9));
  const all = compact + rest;
  return all.replace(/(\d\d)(?=\d)/g, "$1 ");
}

/** How a portal writes a phone: "03 88 12 34 56", "0388123456", "03.88.12.34.56" or "+33 3 88 12 34 56". */
export function formatPhone(phone: string, style: "spaced" | "compact" | "dotted" | "international"): string {
  const digits = phone.replace(/\D/g, "");
  const overseas = /^0(262|692|693)/.test(digits);
  switch (style) {
    case "spaced":
      return phone;
    case "compact":
      return digits;
    case "dotted":
      return phone.replace(/ /g, ".");
    case "international":
      if (overseas) return `+262 ${digits.slice(1).replace(/(\d{3})(\d\d)(\d\d)(\d\d)/, "$1 $2 $3 $4")}`;
      return `+33 ${digits.slice(1, 2)} ${digits.slice(2).replace(/(\d\d)(?=\d)/g, "$1 ")}`;
  }
}

export function slug(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}
