/**
 * A map bounded by recency: the latest `generationSize` keys written or read, and as many before them. When the
 * latest fill up they become the earlier ones, and the earlier ones are forgotten; a key read from the earlier
 * ones joins the latest again. A key that keeps recurring stays, memory stays bounded, and no per-key bookkeeping
 * is needed (an LRU list would cost more than most of what is remembered here).
 */
export class RecentMap<V> {
  private latest = new Map<string, V>();
  private earlier = new Map<string, V>();

  constructor(private readonly generationSize: number) {}

  has(key: string): boolean {
    return this.latest.has(key) || this.earlier.has(key);
  }

  /** The value of `key` (undefined when absent: `has` tells an absent key from an undefined value). */
  get(key: string): V | undefined {
    if (this.latest.has(key) || !this.earlier.has(key)) return this.latest.get(key);
    const value = this.earlier.get(key) as V; // present: `has` just said so
    this.set(key, value);
    return value;
  }

  set(key: string, value: V): void {
    if (this.latest.size >= this.generationSize) {
      this.earlier = this.latest;
      this.latest = new Map();
    }
    this.latest.set(key, value);
  }

  delete(key: string): void {
    this.latest.delete(key);
    this.earlier.delete(key);
  }
}
