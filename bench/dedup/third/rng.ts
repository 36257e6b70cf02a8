// Deterministic randomness: mulberry32 streams derived from (global seed, label parts) with FNV-1a.

export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function fnv(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

let GLOBAL_SEED = 1;
export function setSeed(s: number): void {
  GLOBAL_SEED = s;
}

export class Rng {
  private f: () => number;
  constructor(seed: number) {
    this.f = mulberry32(seed);
    // warm up
    this.f();
    this.f();
  }
  next(): number {
    return this.f();
  }
  float(lo: number, hi: number): number {
    return lo + (hi - lo) * this.f();
  }
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.f() * (hi - lo + 1));
  }
  chance(p: number): boolean {
    return this.f() < p;
  }
  pick<T>(a: readonly T[]): T {
    return a[Math.floor(this.f() * a.length)]!;
  }
  weighted<T>(pairs: readonly (readonly [T, number])[]): T {
    let tot = 0;
    for (const [, w] of pairs) tot += w;
    let x = this.f() * tot;
    for (const [v, w] of pairs) {
      x -= w;
      if (x < 0) return v;
    }
    return pairs[pairs.length - 1]![0];
  }
  normal(): number {
    const u = Math.max(1e-12, this.f());
    const v = this.f();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }
  logn(sigma: number): number {
    return Math.exp(this.normal() * sigma);
  }
  u32(): number {
    return Math.floor(this.f() * 4294967296) >>> 0;
  }
  digits(n: number, firstNonZero = true): string {
    let s = "";
    for (let i = 0; i < n; i++) s += String(i === 0 && firstNonZero ? this.int(1, 9) : this.int(0, 9));
    return s;
  }
  hex(n: number): string {
    let s = "";
    for (let i = 0; i < n; i++) s += "0123456789abcdef"[this.int(0, 15)];
    return s;
  }
  alnum(n: number): string {
    const c = "abcdefghijklmnopqrstuvwxyz0123456789";
    let s = "";
    for (let i = 0; i < n; i++) s += c[this.int(0, c.length - 1)];
    return s;
  }
  shuffle<T>(a: T[]): T[] {
    for (let i = a.length - 1; i > 0; i--) {
      const j = Math.floor(this.f() * (i + 1));
      [a[i], a[j]] = [a[j]!, a[i]!];
    }
    return a;
  }
  sample<T>(a: readonly T[], k: number): T[] {
    return this.shuffle([...a]).slice(0, Math.max(0, Math.min(k, a.length)));
  }
}

/** A stream of its own for (seed, parts): stable whatever else is generated. */
export function R(...parts: (string | number)[]): Rng {
  return new Rng(fnv(`${GLOBAL_SEED}|${parts.join("|")}`));
}
