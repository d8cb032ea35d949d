/**
 * Match counts per (source, scope, query), reused for a short time: the first page of a popular query and
 * the pages after it need the same count, and a capped count over a common word is the costliest part of a
 * search. Bounded (oldest entries go first) and cleared when the content is re-loaded.
 */
export class CountCache {
  private readonly entries = new Map<string, { value: number; expires: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  async get(key: string, compute: () => Promise<number>): Promise<number> {
    if (this.ttlMs <= 0) return compute();
    const hit = this.entries.get(key);
    const now = this.now();
    if (hit && hit.expires > now) return hit.value;
    const value = await compute();
    this.entries.delete(key);
    this.entries.set(key, { value, expires: now + this.ttlMs });
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    return value;
  }

  clear(): void {
    this.entries.clear();
  }
}
