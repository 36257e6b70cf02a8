/**
 * A small seeded pseudo-random generator (mulberry32) with the helpers the synthetic data needs. The seed data
 * must be reproducible byte for byte from its seed, so nothing here may call Math.random or read the clock.
 */
export class Random {
  private state: number;

  constructor(seed: number) {
    // Mix the seed once so that nearby seeds (1, 2, 3) start far apart.
    this.state = Math.imul((seed >>> 0) ^ 0x9e3779b9, 0x85ebca6b) >>> 0;
  }

  /** Uniform in [0, 1). mulberry32: 32-bit state, full period, good enough for synthetic data. */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** Float in [min, max). */
  float(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error("pick from an empty list");
    // The index is within bounds: next() < 1.
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** One of `choices`, each with its relative weight. */
  weighted<T>(choices: ReadonlyArray<readonly [T, number]>): T {
    const total = choices.reduce((sum, [, weight]) => sum + weight, 0);
    let target = this.next() * total;
    for (const [value, weight] of choices) {
      target -= weight;
      if (target < 0) return value;
    }
    const last = choices[choices.length - 1];
    if (last === undefined) throw new Error("weighted pick from an empty list");
    return last[0];
  }

  /** `count` random decimal digits. */
  digits(count: number): string {
    let out = "";
    for (let i = 0; i < count; i += 1) out += String(this.int(0, 9));
    return out;
  }

  /** `count` random lower-case hexadecimal characters. */
  hex(count: number): string {
    let out = "";
    while (out.length < count)
      out += Math.floor(this.next() * 4294967296)
        .toString(16)
        .padStart(8, "0");
    return out.slice(0, count);
  }

  /** A random subset of `items` in random order, of size `count` (at most the list's length). */
  sample<T>(items: readonly T[], count: number): T[] {
    const pool = [...items];
    for (let i = pool.length - 1; i > 0; i -= 1) {
      const j = this.int(0, i);
      // Both indexes are within bounds of pool.
      [pool[i], pool[j]] = [pool[j] as T, pool[i] as T];
    }
    return pool.slice(0, Math.min(count, pool.length));
  }
}
