import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Env } from '../env.js';
import { createBuiltinSources, kbSource } from '../services/search/builtin-sources.js';
import { CountCache } from '../services/search/count-cache.js';
import { SearchService } from '../services/search/federated-search.js';
import type { SearchSources, Searcher } from '../services/search/types.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Federated search over the configured sources (built-in ones unless replaced). */
    searchService: SearchService;
    /**
     * Writes that must not delay an answer (search analytics). They are awaited when the app closes, so a
     * graceful shutdown does not lose them.
     */
    background: BackgroundTasks;
  }
}

export class BackgroundTasks {
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly onError: (error: unknown) => void) {}

  run(task: () => Promise<void>): void {
    const promise = task()
      .catch(this.onError)
      .finally(() => this.pending.delete(promise));
    this.pending.add(promise);
  }

  /** Resolves when every task started so far has settled (tests use it, and shutdown). */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }
}

export interface SearchPluginOptions {
  env: Env;
  /** Replacements for some sources (a vendor adapter, or a test's slow source); the rest are built in. */
  sources?: Partial<SearchSources>;
}

export function registerSearch(app: FastifyInstance, options: SearchPluginOptions): void {
  const counts = new CountCache(options.env.SEARCH_COUNT_CACHE_MS);
  const builtin = { db: app.db, counts, candidateLimit: options.env.SEARCH_CANDIDATE_LIMIT };
  app.decorate(
    'searchService',
    new SearchService({
      sources: { ...createBuiltinSources(builtin), ...options.sources },
      categorySource: (categoryId) => kbSource(builtin, categoryId),
      counts,
      timeoutMs: options.env.SEARCH_SOURCE_TIMEOUT_MS,
      breaker: {
        failureThreshold: options.env.SEARCH_BREAKER_FAILURES,
        cooldownMs: options.env.SEARCH_BREAKER_COOLDOWN_MS,
      },
      log: app.log,
    }),
  );
  const background = new BackgroundTasks((error) => app.log.error({ err: error }, 'background write failed'));
  app.decorate('background', background);
  app.addHook('onClose', async () => background.settled());
}

/** The searcher of a request: its signed-in user, or an anonymous visitor. */
export function searcherOf(request: FastifyRequest): Searcher {
  const user = request.user;
  return user
    ? { actor: user, userId: user.id, email: user.email.toLowerCase() }
    : { actor: null, userId: null, email: null };
}
