import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Env } from '../env.js';
import { SearchEventRecorder } from '../services/search/analytics.js';
import type { Connectors } from '../connectors/index.js';
import type { SearchCacheFactory } from '../lib/fulltext/fulltext-search.js';
import type { SynonymIndex } from '../lib/fulltext/query-terms.js';
import { categorySource, connectorSources } from '../services/search/connector-sources.js';
import { SearchService } from '../services/search/federated-search.js';
import { similarWords } from '../services/search/search-words.js';
import { TtlCache } from '../lib/ttl-cache.js';
import type { SearchSources, Searcher } from '../services/search/types.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Federated search over the configured sources (built-in ones unless replaced). */
    searchService: SearchService;
    /** Search analytics, written in batches after the answers; flushed when the app closes. */
    searchEvents: SearchEventRecorder;
    /** The synonym list of the built-in searches (the assistant weighs passages with it too). */
    searchSynonyms: SynonymIndex;
  }
}

/**
 * Analytics batches: at most this many events or this long a wait per insert. Small enough that one insert
 * never stalls the answers queued behind it (on PGlite the database works on the server's own thread).
 */
const ANALYTICS_FLUSH_MS = 250;
const ANALYTICS_MAX_BATCH = 250;

export interface SearchPluginOptions {
  env: Env;
  connectors: Connectors;
  caches: SearchCacheFactory & { clear(): void };
  synonyms: SynonymIndex;
  /** Replacements for some sources (a test's slow or failing source); the rest are the connectors'. */
  sources?: Partial<SearchSources>;
}

/**
 * Every cache the built-in searches create, so that a content load can empty them all at once. The app makes
 * it before the connectors (whose built-in implementations create their caches from it).
 */
export function createSearchCaches(env: Env): SearchCacheFactory & { clear(): void } {
  const caches: { clear(): void }[] = [];
  const create = <V>(ttlMs: number): TtlCache<V> => {
    const cache = new TtlCache<V>(ttlMs);
    caches.push(cache);
    return cache;
  };
  return {
    pages: () => create(env.SEARCH_RESULT_CACHE_MS),
    counts: () => create(env.SEARCH_COUNT_CACHE_MS),
    clear: () => caches.forEach((cache) => cache.clear()),
  };
}

export function registerSearch(app: FastifyInstance, options: SearchPluginOptions): void {
  const { caches, connectors } = options;
  app.decorate(
    'searchService',
    new SearchService({
      sources: { ...connectorSources(connectors), ...options.sources },
      categorySource: (categoryId) => categorySource(connectors, categoryId),
      clearCaches: caches.clear,
      similarWords: (word) => similarWords(app.db, word),
      timeoutMs: options.env.SEARCH_SOURCE_TIMEOUT_MS,
      breaker: {
        failureThreshold: options.env.SEARCH_BREAKER_FAILURES,
        cooldownMs: options.env.SEARCH_BREAKER_COOLDOWN_MS,
      },
      log: app.log,
    }),
  );
  const recorder = new SearchEventRecorder(app.db, {
    flushMs: ANALYTICS_FLUSH_MS,
    maxBatch: ANALYTICS_MAX_BATCH,
    onError: (error) => app.log.error({ err: error }, 'search analytics write failed'),
  });
  app.decorate('searchEvents', recorder);
  app.addHook('onClose', async () => recorder.close());
  app.decorate('searchSynonyms', options.synonyms);
}

/** The searcher of a request: its signed-in user, or an anonymous visitor. */
export function searcherOf(request: FastifyRequest): Searcher {
  const user = request.user;
  return user
    ? { actor: user, userId: user.id, email: user.email.toLowerCase() }
    : { actor: null, userId: null, email: null };
}
