/** Seeded randomness: mulberry32 and the draws the generator needs. No clock, no Math.random. */
export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A uniform float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** A child stream, so that one part's draws do not shift another's. */
  fork(label: string): Rng {
    let h = 2166136261;
    for (const ch of label) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
    return new Rng((Math.floor(this.next() * 4294967296) ^ h) >>> 0);
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  /** An integer in [lo, hi]. */
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }

  between(lo: number, hi: number): number {
    return lo + this.next() * (hi - lo);
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error("pick from an empty list");
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** Picks by weight: [[value, weight], ...]. */
  weighted<T>(options: readonly (readonly [T, number])[]): T {
    const total = options.reduce((sum, [, w]) => sum + w, 0);
    let r = this.next() * total;
    for (const [value, w] of options) {
      r -= w;
      if (r < 0) return value;
    }
    return (options[options.length - 1] as readonly [T, number])[0];
  }

  shuffle<T>(items: readonly T[]): T[] {
    const out = [...items];
    for (let i = out.length - 1; i > 0; i -= 1) {
      const j = Math.floor(this.next() * (i + 1));
      [out[i], out[j]] = [out[j] as T, out[i] as T];
    }
    return out;
  }

  digits(n: number): string {
    let s = "";
    for (let i = 0; i < n; i += 1) s += String(this.int(0, 9));
    return s;
  }

  hex(n: number): string {
    let s = "";
    for (let i = 0; i < n; i += 1) s += "0123456789abcdef"[this.int(0, 15)];
    return s;
  }

  alnum(n: number, alphabet = "abcdefghijklmnopqrstuvwxyz0123456789"): string {
    let s = "";
    for (let i = 0; i < n; i += 1) s += alphabet[this.int(0, alphabet.length - 1)];
    return s;
  }
}
