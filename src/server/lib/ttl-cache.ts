/**
 * Values computed from the database and reused for a short time: whole result pages of the public content
 * sources (the same popular queries arrive many times a second) and match counts of the per-user sources (the
 * first page of a query and the pages after it need the same count, and a capped count over a common word is
 * the costliest statement of a search).
 *
 * Concurrent misses for one key share a single computation, so an expiring popular entry costs one query, not
 * one per waiting request. Bounded (oldest entries go first); a failed computation is not kept. `clear` empties
 * every cache of a group, which the content loader does after a load.
 *
 * Expired entries are dropped as the cache is used, not only when the bound is reached: searches with a new
 * query every time add an entry each, and a result page is kilobytes, so a cache that only dropped at its bound
 * kept thousands of pages no request could use any more (memory that grew for as long as new queries came).
 * Every entry lives `ttlMs`, and a stored key moves to the end, so the entries are in the order they expire and
 * the expired ones are at the front.
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: V; expires: number }>();
  private readonly inFlight = new Map<string, Promise<V>>();
  /** Bumped by clear(), so a computation that started before it is not stored after it. */
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** How many entries are kept (expired ones included until the next use drops them). */
  get size(): number {
    return this.entries.size;
  }

  async get(key: string, compute: () => Promise<V>): Promise<V> {
    if (this.ttlMs <= 0) return compute();
    const now = this.now();
    this.dropExpired(now);
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) return hit.value;
    const pending = this.inFlight.get(key);
    if (pending) return pending;
    const generation = this.generation;
    const promise: Promise<V> = compute()
      .then((value) => {
        // A value computed before a clear() may predate the new content: hand it out, do not keep it.
        if (generation === this.generation) this.store(key, value);
        return value;
      })
      .finally(() => {
        if (this.inFlight.get(key) === promise) this.inFlight.delete(key);
      });
    this.inFlight.set(key, promise);
    return promise;
  }

  /**
   * The kept values of `keys`, with those not kept computed in one call (`compute` answers each key it is
   * given, or leaves it out: then it is neither kept nor answered). For lookups that cost one statement
   * however many keys they ask. Misses are not shared with other calls in flight.
   */
  async getMany(
    keys: readonly string[],
    compute: (missing: string[]) => Promise<ReadonlyMap<string, V>>,
  ): Promise<Map<string, V>> {
    const found = new Map<string, V>();
    const missing: string[] = [];
    const now = this.now();
    this.dropExpired(now);
    for (const key of keys) {
      const hit = this.ttlMs > 0 ? this.entries.get(key) : undefined;
      if (hit && hit.expires > now) found.set(key, hit.value);
      else missing.push(key);
    }
    if (missing.length === 0) return found;
    const generation = this.generation;
    const computed = await compute(missing);
    for (const key of missing) {
      if (!computed.has(key)) continue;
      const value = computed.get(key) as V;
      found.set(key, value);
      if (this.ttlMs > 0 && generation === this.generation) this.store(key, value);
    }
    return found;
  }

  /** Drops the expired entries, which are the first ones (see the class's comment). */
  private dropExpired(now: number): void {
    for (const [key, entry] of this.entries) {
      if (entry.expires > now) return;
      this.entries.delete(key);
    }
  }

  private store(key: string, value: V): void {
    const now = this.now();
    this.dropExpired(now);
    this.entries.delete(key);
    this.entries.set(key, { value, expires: now + this.ttlMs });
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
    this.inFlight.clear();
  }
}
