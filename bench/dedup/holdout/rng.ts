// Seeded randomness for the hold-out generator (mulberry32), and the small helpers built on it.

export class Rng {
  private state: number;

  constructor(seed: number) {
    // Spread the seed a little so that seeds 1, 2, 3 do not start alike.
    this.state = (seed ^ 0x9e3779b9) >>> 0;
    for (let i = 0; i < 4; i++) this.next();
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) | 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), 1 | t);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** A fresh generator seeded from this one (for streams that must not shift when others change). */
  fork(): Rng {
    return new Rng(Math.floor(this.next() * 4294967296));
  }

  uniform(lo: number, hi: number): number {
    return lo + (hi - lo) * this.next();
  }

  /** Whole number in [lo, hi], both included. */
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(xs: readonly T[]): T {
    if (xs.length === 0) throw new Error("pick from an empty list");
    return xs[Math.floor(this.next() * xs.length)] as T;
  }

  weighted<T>(pairs: readonly (readonly [T, number])[]): T {
    let total = 0;
    for (const [, w] of pairs) total += w;
    let r = this.next() * total;
    for (const [v, w] of pairs) {
      r -= w;
      if (r < 0) return v;
    }
    return (pairs[pairs.length - 1] as readonly [T, number])[0];
  }

  /** Standard normal (Box-Muller). */
  gauss(): number {
    const u = Math.max(this.next(), 1e-12);
    const v = this.next();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }

  shuffle<T>(xs: T[]): T[] {
    for (let i = xs.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      const t = xs[i] as T;
      xs[i] = xs[j] as T;
      xs[j] = t;
    }
    return xs;
  }

  /** k distinct elements, in random order. */
  sample<T>(xs: readonly T[], k: number): T[] {
    return this.shuffle([...xs]).slice(0, Math.max(0, Math.min(k, xs.length)));
  }

  digits(n: number): string {
    let s = "";
    for (let i = 0; i < n; i++) s += String(this.int(0, 9));
    return s;
  }

  /** 64 random bits. */
  bits64(): bigint {
    const hi = BigInt(Math.floor(this.next() * 4294967296));
    const lo = BigInt(Math.floor(this.next() * 4294967296));
    return (hi << 32n) | lo;
  }
}
