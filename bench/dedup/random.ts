/** A small seeded generator (mulberry32), so that a seed always gives the same feed. */
export class Random {
  #state: number;

  constructor(seed: number) {
    this.#state = seed >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.#state = (this.#state + 0x6d2b79f5) >>> 0;
    let t = this.#state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  }

  between(low: number, high: number): number {
    return low + (high - low) * this.next();
  }

  int(low: number, high: number): number {
    return Math.floor(this.between(low, high + 1));
  }

  gaussian(mean: number, deviation: number): number {
    const u = Math.max(this.next(), 1e-12);
    return mean + deviation * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * this.next());
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)] as T; // index < length
  }

  shuffle<T>(items: readonly T[]): T[] {
    const copy = [...items];
    for (let index = copy.length - 1; index > 0; index -= 1) {
      const other = Math.floor(this.next() * (index + 1));
      [copy[index], copy[other]] = [copy[other] as T, copy[index] as T];
    }
    return copy;
  }

  /** A 64-bit perceptual hash of a photo, 16 hex digits, with about half of its bits set. */
  hash64(): string {
    let hex = "";
    for (let digit = 0; digit < 16; digit += 1) hex += this.int(0, 15).toString(16);
    return hex;
  }

  /** The same photo resized or recompressed: `bits` random bits flipped. */
  flipBits(hash: string, bits: number): string {
    const digits = [...hash].map((digit) => Number.parseInt(digit, 16));
    for (let flip = 0; flip < bits; flip += 1) {
      const bit = this.int(0, 63);
      digits[bit >> 2] = (digits[bit >> 2] ?? 0) ^ (1 << (bit & 3));
    }
    return digits.map((digit) => digit.toString(16)).join("");
  }

  /** A SIRET whose SIREN and SIRET check digits are right (Luhn). */
  siret(): string {
    return siretFrom(this.int(10_000_000, 99_999_999), this.int(1, 999));
  }

  mobile(): string {
    // 07 numbers are allocated from 07 30 upwards.
    // 06 39 and 06 9x are overseas mobiles (Mayotte, the Antilles, Guiana, Réunion): metropolitan ones only.
    const first = this.pick([...Array.from({ length: 28 }, (_, i) => 10 + i), ...Array.from({ length: 50 }, (_, i) => 40 + i)]);
    return this.next() < 0.7
      ? `06 ${first} ${[0, 1, 2].map(() => String(this.int(10, 99))).join(" ")}`
      : `07 ${this.int(50, 89)} ${[0, 1, 2].map(() => String(this.int(10, 99))).join(" ")}`;
  }

  /** A landline of the postcode's region (01 Île-de-France ... 05 south-west). */
  landline(postcode: string): string {
    const region: Record<string, string> = { "75": "01", "69": "04", "33": "05", "44": "02", "59": "03", "34": "04", "74": "04" };
    return `${region[postcode.slice(0, 2)] ?? "09"} ${[0, 1, 2, 3].map(() => String(this.int(10, 99))).join(" ")}`;
  }
}

/** SIRET from an 8-digit SIREN body and an establishment number, check digits computed. */
export function siretFrom(sirenBody: number, establishment: number): string {
  const siren = `${sirenBody}${luhnDigit(String(sirenBody))}`;
  const body = `${siren}${String(establishment).padStart(4, "0")}`;
  return `${body}${luhnDigit(body)}`;
}

function luhnDigit(body: string): number {
  let sum = 0;
  for (let index = 0; index < body.length; index += 1) {
    let digit = Number(body[body.length - 1 - index]);
    if (index % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return (10 - (sum % 10)) % 10;
}
