import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type {
  CategorySearchResponse,
  SearchGroups,
  SearchResponse,
  SourceKey,
} from '../../../common/contracts/search.js';
import { SearchEventRecorder } from './analytics.js';
import {
  categorySearchAnswer,
  federatedSearchAnswer,
  pagedSearchAnswer,
  type SearchOptions,
} from './answers.js';
import { categorySource, connectorSources } from './connector-sources.js';
import { SearchService } from './federated-search.js';
import { keptKnownWords, knownWords, listedWords, similarWords } from './search-words.js';
import { everydayWords } from '../../lib/fulltext/everyday-words.js';
import { can } from '../../../common/policies.js';
import { ServiceError } from '../../lib/errors.js';
import { visibleTicket } from '../tickets/tickets.js';
import type { VisibleTicket } from './jump.js';
import type { SearchSources, Searcher } from './types.js';

/** The search area as routes and the server render use it. */
export interface SearchArea {
  /** What the search calls take first (services/search/answers.ts, analytics.ts), built once. */
  options: SearchOptions;
  /** Federated search over the configured sources (built-in ones unless replaced). */
  service: SearchService;
  /** Search analytics, written in batches after the answers; flushed when the app closes. */
  events: SearchEventRecorder;
  /** The federated search's answer, queued for analytics. */
  federated(
    searcher: Searcher,
    input: { role: string; query: string; filter?: readonly SourceKey[]; exact?: boolean },
  ): Promise<SearchResponse>;
  /** One page of one source, in that source's group shape. */
  page<K extends SourceKey>(
    searcher: Searcher,
    key: K,
    input: { query: string; page: number; exact?: boolean },
  ): Promise<SearchGroups[K]>;
  /** The search of one knowledge-base category, by id or slug (the /docs Tech Hub). */
  category(
    searcher: Searcher,
    input: { categoryId: string; query: string; page: number },
  ): Promise<CategorySearchResponse>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Named in the plural: Fastify's instance has a `search` already (the HTTP SEARCH method's routes). */
    searches: SearchArea;
  }
}

/**
 * Analytics batches: at most this many events or this long a wait per insert. Small enough that one insert
 * never stalls the answers queued behind it (on PGlite the database works on the server's own thread).
 */
const ANALYTICS_FLUSH_MS = 250;
const ANALYTICS_MAX_BATCH = 250;

export interface SearchPluginOptions {
  /** Replacements for some sources (a test's slow or failing source); the rest are the connectors'. */
  sources?: Partial<SearchSources>;
}

async function searchPlugin(app: FastifyInstance, options: SearchPluginOptions): Promise<void> {
  const { connectors, env } = app;
  const service = new SearchService({
    sources: { ...connectorSources(connectors), ...options.sources },
    categorySource: (categoryId) => categorySource(connectors, categoryId),
    clearCaches: app.searchCaches.clear,
    vocabulary: {
      similar: (word) => similarWords(app.db, word),
      listed: (words) => listedWords(app.db, words),
      known: keptKnownWords((words) => knownWords(app.db, words), app.searchCaches.words()),
      everyday: everydayWords,
      synonyms: app.searchSynonyms,
    },
    timeoutMs: env.SEARCH_SOURCE_TIMEOUT_MS,
    breaker: {
      failureThreshold: env.SEARCH_BREAKER_FAILURES,
      cooldownMs: env.SEARCH_BREAKER_COOLDOWN_MS,
    },
    log: app.log,
    onSourceSettled: (source, status, seconds) => app.metrics.observeSearchSource(source, status, seconds),
  });
  const events = new SearchEventRecorder(
    { db: app.db },
    {
      flushMs: ANALYTICS_FLUSH_MS,
      maxBatch: ANALYTICS_MAX_BATCH,
      onError: (error) => app.log.error({ err: error }, 'search analytics write failed'),
    },
  );
  app.addHook('onClose', async () => events.close());
  // The ticket page's own check (the ticket scope): a ticket is jumped to exactly when its page would open.
  const ticketForSearcher: VisibleTicket = async (searcher, id) => {
    const { actor, userId, email } = searcher;
    if (!actor || !userId || !email || !can(actor, 'readTickets')) return null;
    try {
      const ticket = await visibleTicket(
        app.tickets.options(app.log),
        { id: userId, email, role: actor.role },
        id,
      );
      return { subject: ticket.subject };
    } catch (error) {
      // Not found and not the searcher's look the same; a failing help desk costs the jump, not the search.
      if (!(error instanceof ServiceError && error.code === 'NOT_FOUND')) {
        app.log.warn({ err: error }, 'search: the named ticket could not be read');
      }
      return null;
    }
  };
  const searchOptions: SearchOptions = {
    db: app.db,
    knowledgeBase: app.connectors.knowledgeBase,
    service,
    events,
    visibleTicket: ticketForSearcher,
  };
  app.decorate('searches', {
    options: searchOptions,
    service,
    events,
    federated: (searcher, input) => federatedSearchAnswer(searchOptions, searcher, input),
    page: (searcher, key, input) => pagedSearchAnswer(searchOptions, searcher, key, input),
    category: (searcher, input) => categorySearchAnswer(searchOptions, searcher, input),
  } satisfies SearchArea);
}

export default fp(searchPlugin, { name: 'search', dependencies: ['foundation'] });
