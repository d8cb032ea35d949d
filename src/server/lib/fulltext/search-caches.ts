import type { Env } from '../../env.js';
import { TtlCache } from '../ttl-cache.js';
import type { SearchCacheFactory } from './fulltext-search.js';

/** The caches the built-in searches create, and a way to empty them all at once (after a content load). */
export type SearchCaches = SearchCacheFactory & {
  /**
   * How many items hold each word of the content's vocabulary (null: none), and their total
   * (services/search/search-words.ts `keptKnownWords`).
   */
  words(): TtlCache<number | null>;
  clear(): void;
};

/**
 * Every cache the built-in searches create, so that a content load can empty them all at once. The app makes
 * it before the connectors (whose built-in implementations create their caches from it).
 */
export function createSearchCaches(
  env: Pick<Env, 'SEARCH_RESULT_CACHE_MS' | 'SEARCH_COUNT_CACHE_MS'>,
): SearchCaches {
  const caches: { clear(): void }[] = [];
  const create = <V>(ttlMs: number): TtlCache<V> => {
    const cache = new TtlCache<V>(ttlMs);
    caches.push(cache);
    return cache;
  };
  return {
    pages: () => create(env.SEARCH_RESULT_CACHE_MS),
    counts: () => create(env.SEARCH_COUNT_CACHE_MS),
    words: () => create(env.SEARCH_COUNT_CACHE_MS),
    clear: () => caches.forEach((cache) => cache.clear()),
  };
}
