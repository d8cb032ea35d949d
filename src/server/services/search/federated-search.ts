import type { FastifyBaseLogger } from 'fastify';
import {
  SEARCH_PAGE_SIZE,
  SOURCE_KEYS,
  SUGGESTION_SOURCES,
  type SourceKey,
  type SourceStatus,
} from '../../../common/contracts/search.js';
import { can } from '../../../common/policies.js';
import { docsPageUrl, SOURCE_ACTIONS } from '../../../common/search-sources.js';
import { TrackerGrantMissingError } from '../../connectors/tracker/grant-error.js';
import { ServiceError } from '../../lib/errors.js';
import { CircuitBreaker } from './circuit-breaker.js';
import { isSourceFailure, retryAfterMsOf } from './source-failure.js';
import { FEW_MATCHES, searchWithFallbacks, type Attempt, type ResolvedSearch } from './fallbacks.js';
import { readQuery, type QueryReading, type Vocabulary } from './suggest.js';
import type {
  KbHit,
  MatchMode,
  SearchSource,
  SearchSources,
  Searcher,
  SourceHits,
  SourcePage,
} from './types.js';

export type SourceGroups = { [K in SourceKey]?: SourcePage<SourceHits[K]> };

/** How a group's results were found, when not with every word as typed (see fallbacks.ts). */
export interface GroupFallback {
  /** The results are those of this corrected spelling ('Showing results for'). */
  showingResultsFor?: string;
  /** The results match only some of the query's words (the partial match). */
  partial?: true;
}

export interface FederatedResult {
  groups: SourceGroups;
  status: { [K in SourceKey]?: SourceStatus };
  /** Match count per source present (0 for one that failed): what analytics records. */
  counts: { [K in SourceKey]?: number };
  /** Per source that took a fallback: which (each source takes its own, see fallbacks.ts). */
  fallbacks: { [K in SourceKey]?: GroupFallback };
  /** When no source found anything, even with the corrected spelling, and all answered: 'Did you mean'. */
  didYouMean?: string;
}

export interface Suggestion {
  source: (typeof SUGGESTION_SOURCES)[number];
  title: string;
  url: string;
}

function suggestionOf(source: Suggestion['source'], hit: SourceHits[Suggestion['source']]): Suggestion {
  if ('htmlUrl' in hit) return { source, title: hit.title, url: hit.htmlUrl };
  if ('domain' in hit) return { source, title: hit.title, url: docsPageUrl(hit.domain, hit.path) };
  return { source, title: hit.title, url: hit.url };
}

function fallbackOf(attempt: Attempt): GroupFallback | undefined {
  if (!attempt.corrected && attempt.match === 'all') return undefined;
  return {
    ...(attempt.corrected ? { showingResultsFor: attempt.query } : {}),
    ...(attempt.match === 'any' ? { partial: true as const } : {}),
  };
}

/** A page request: what, which page (the searcher comes apart); `exact` skips the corrected spelling. */
export interface PageInput {
  query: string;
  page: number;
  exact?: boolean;
}

type Outcome<Hit> = { status: 'ok'; page: SourcePage<Hit> } | { status: Exclude<SourceStatus, 'ok'> };

/** One call of a source: who, what, which page, which match (and whether the partial may come with it). */
interface SourceCall {
  searcher: Searcher;
  query: string;
  page: number;
  match: MatchMode;
  partialBelow?: number;
}

export interface SearchServiceOptions {
  sources: SearchSources;
  /** The KB source restricted to one category (the /docs search box). */
  categorySource: (categoryId: number) => SearchSource<KbHit>;
  /** Empties every cache of the sources (after a content load). */
  clearCaches: () => void;
  /** The content's vocabulary: the candidates of 'Did you mean' and the foreign words (search-words.ts). */
  vocabulary: Vocabulary;
  timeoutMs: number;
  breaker: { failureThreshold: number; cooldownMs: number; now?: () => number };
  log: FastifyBaseLogger;
  /**
   * Told how each call of a source ended and how long it took (`skipped`: its breaker was open), for the
   * metrics.
   */
  onSourceSettled?: (source: SourceKey, status: SourceStatus | 'skipped', seconds: number) => void;
}

/** Sources the searcher may see, in the spec's order. */
export function allowedSources(searcher: Searcher): SourceKey[] {
  return SOURCE_KEYS.filter((key) => can(searcher.actor, SOURCE_ACTIONS[key]));
}

/**
 * Federated search: every allowed and requested source in parallel, each bounded by a timeout and guarded by
 * its circuit breaker. A slow or failing source costs at most the timeout and never the whole answer.
 *
 * A class rather than functions taking an options object: its circuit breakers are state that must outlive
 * each call and be shared by every request of the instance. The search plugin builds it once from its options
 * (`SearchServiceOptions`); its calls take the searcher (the actor) first, then their input.
 */
export class SearchService {
  private readonly breakers: Record<SourceKey, CircuitBreaker>;

  constructor(private readonly options: SearchServiceOptions) {
    this.breakers = Object.fromEntries(
      SOURCE_KEYS.map((key) => [key, new CircuitBreaker(options.breaker)]),
    ) as Record<SourceKey, CircuitBreaker>;
  }

  breakerState(key: SourceKey) {
    return this.breakers[key].state;
  }

  /** Cached pages and counts may be stale after new content; the content loader calls this after a load. */
  clearCaches(): void {
    this.options.clearCaches();
  }

  private async run<K extends SourceKey>(
    key: K,
    source: SearchSource<SourceHits[K]>,
    input: SourceCall,
  ): Promise<Outcome<SourceHits[K]>> {
    const started = performance.now();
    const breaker = this.breakers[key];
    if (!breaker.tryAcquire()) {
      this.options.onSourceSettled?.(key, 'skipped', 0);
      return { status: 'error' };
    }
    const outcome = await this.call(key, breaker, source, input);
    this.options.onSourceSettled?.(key, outcome.status, (performance.now() - started) / 1000);
    return outcome;
  }

  /** One call of a source through its breaker (acquired), bounded by the timeout. */
  private async call<K extends SourceKey>(
    key: K,
    breaker: CircuitBreaker,
    source: SearchSource<SourceHits[K]>,
    input: SourceCall,
  ): Promise<Outcome<SourceHits[K]>> {
    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), this.options.timeoutMs);
    });
    try {
      const outcome = await Promise.race([
        source
          .search({ ...input, pageSize: SEARCH_PAGE_SIZE, signal: controller.signal })
          .then((page) => ({ page })),
        timedOut,
      ]);
      if (outcome === 'timeout') {
        controller.abort();
        breaker.onFailure();
        this.options.log.warn({ source: key, timeoutMs: this.options.timeoutMs }, 'search source timed out');
        return { status: 'timeout' };
      }
      breaker.onSuccess();
      return { status: 'ok', page: outcome.page };
    } catch (error) {
      if (error instanceof TrackerGrantMissingError) {
        breaker.onNeutral();
        return { status: 'reauthorize' };
      }
      if (isSourceFailure(error)) {
        breaker.onFailure(retryAfterMsOf(error));
        this.options.log.error({ err: error, source: key }, 'search source failed');
      } else {
        breaker.onNeutral();
        this.options.log.info({ err: error, source: key }, 'search source refused the query');
      }
      return { status: 'error' };
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * One source's page, with the fallbacks of fallbacks.ts decided by that source's own count: page 1 of the
   * aggregator search and a later page of the same source take the same attempt. The words as typed are
   * asked for with their partial match, which a built-in source answers in the same statement when few items
   * match every word (and only then): the partial match of the words as typed, when the fallbacks come to it,
   * is that answer, not another call.
   */
  private resolveSource<K extends SourceKey>(
    key: K,
    source: SearchSource<SourceHits[K]>,
    searcher: Searcher,
    input: PageInput,
    read: () => Promise<QueryReading>,
  ): Promise<ResolvedSearch<Outcome<SourceHits[K]>>> {
    let typedPartial: SourcePage<SourceHits[K]> | undefined;
    const typed = (attempt: Attempt) => !attempt.corrected && attempt.query === input.query;
    return searchWithFallbacks({
      query: input.query,
      exact: input.exact ?? false,
      run: async (attempt) => {
        if (typed(attempt) && attempt.match === 'any' && typedPartial) {
          return { status: 'ok' as const, page: typedPartial };
        }
        const asksPartial = typed(attempt) && attempt.match === 'all';
        const outcome = await this.run(key, source, {
          searcher,
          query: attempt.query,
          page: input.page,
          match: attempt.match,
          ...(asksPartial ? { partialBelow: FEW_MATCHES } : {}),
        });
        if (outcome.status !== 'ok' || !outcome.page.partial) return outcome;
        const { partial, ...page } = outcome.page;
        if (asksPartial) typedPartial = partial;
        return { status: 'ok' as const, page };
      },
      matchesOf: (outcome) => (outcome.status === 'ok' ? outcome.page.count : 0),
      settled: (outcome) => outcome.status === 'ok',
      read,
    });
  }

  /**
   * The aggregator search: first page of each source the searcher may see and asked for (all of them when
   * `filter` is empty), each with its own fallbacks when the words as typed find little there, so a source
   * gets the same recall whatever else the searcher may see. Sources they may not see are dropped silently.
   */
  async searchAll(
    searcher: Searcher,
    input: {
      query: string;
      filter?: readonly SourceKey[];
      exact?: boolean;
      /**
       * The caller judges for itself whether the query is off-topic (the assistant weighs every word of a
       * question, those no item holds the most): the fallbacks then run as for a query of the content's own
       * words, its corrected spelling and partial match included.
       */
      callerJudgesOffTopic?: boolean;
    },
  ): Promise<FederatedResult> {
    const wanted = input.filter && input.filter.length > 0 ? new Set(input.filter) : undefined;
    const keys = allowedSources(searcher).filter((key) => !wanted || wanted.has(key));
    // Asked by the sources that find little, worked out once for all of them.
    let reading: Promise<QueryReading> | undefined;
    const read = () =>
      (reading ??= this.read(input.query).then((found) =>
        input.callerJudgesOffTopic === true ? { ...found, foreign: false } : found,
      ));
    const result: FederatedResult = { groups: {}, status: {}, counts: {}, fallbacks: {} };
    const groups: Record<string, SourcePage<unknown>> = {};
    let didYouMean: string | undefined;
    await Promise.all(
      keys.map(async (key) => {
        const resolved = await this.resolveSource(
          key,
          this.options.sources[key],
          searcher,
          { query: input.query, page: 1, exact: input.exact ?? false },
          read,
        );
        const outcome = resolved.result;
        result.status[key] = outcome.status;
        groups[key] = outcome.status === 'ok' ? outcome.page : { count: 0, hits: [] };
        result.counts[key] = groups[key].count;
        const fallback = fallbackOf(resolved.attempt);
        if (fallback) result.fallbacks[key] = fallback;
        didYouMean ??= resolved.didYouMean;
      }),
    );
    result.groups = groups as SourceGroups;
    // Only when nothing was found anywhere; a source that failed might have found something.
    const total = Object.values(result.counts).reduce((sum, count) => sum + count, 0);
    const answered = keys.every((key) => result.status[key] === 'ok');
    if (didYouMean !== undefined && total === 0 && answered) result.didYouMean = didYouMean;
    return result;
  }

  /** One source's page with the same fallbacks as the aggregator search, so page 2 follows page 1. */
  private async searchSource<K extends SourceKey>(
    key: K,
    source: SearchSource<SourceHits[K]>,
    searcher: Searcher,
    input: PageInput,
  ): Promise<Outcome<SourceHits[K]>> {
    const resolved = await this.resolveSource(key, source, searcher, input, () => this.read(input.query));
    return resolved.result;
  }

  /**
   * The titles the search boxes suggest while the user types: the first hits of the public sources the
   * searcher may see, every word matching (the last as a prefix), interleaved source by source. No fallbacks
   * and no analytics: a half-typed query is not a search. Shares the sources' page caches with the search.
   */
  async suggestTitles(searcher: Searcher, input: { query: string; limit: number }): Promise<Suggestion[]> {
    const allowed = new Set(allowedSources(searcher));
    const keys = SUGGESTION_SOURCES.filter((key) => allowed.has(key));
    const lists = await Promise.all(
      keys.map(async (key) => {
        const outcome = await this.run(key, this.options.sources[key], {
          searcher,
          query: input.query,
          page: 1,
          match: 'all',
        });
        return outcome.status === 'ok' ? outcome.page.hits.map((hit) => suggestionOf(key, hit)) : [];
      }),
    );
    const interleaved: Suggestion[] = [];
    for (
      let rank = 0;
      interleaved.length < input.limit && lists.some((list) => rank < list.length);
      rank += 1
    ) {
      for (const list of lists) {
        const item = list[rank];
        if (item && interleaved.length < input.limit) interleaved.push(item);
      }
    }
    return interleaved;
  }

  /** One page of one source: refuses (401 anonymous, 403 signed in) a source the searcher may not see. */
  async searchOne<K extends SourceKey>(
    searcher: Searcher,
    key: K,
    input: PageInput,
  ): Promise<SourcePage<SourceHits[K]>> {
    if (!can(searcher.actor, SOURCE_ACTIONS[key])) {
      throw searcher.actor === null
        ? new ServiceError('UNAUTHENTICATED', 'Sign in to search this source.')
        : new ServiceError('FORBIDDEN', 'You may not search this source.');
    }
    return this.unwrap(key, await this.searchSource(key, this.options.sources[key], searcher, input));
  }

  /** The knowledge base of one category (the /docs search); same timeout and breaker as the KB source. */
  async searchCategory(searcher: Searcher, categoryId: number, input: PageInput): Promise<SourcePage<KbHit>> {
    return this.unwrap(
      'zendesk',
      await this.searchSource('zendesk', this.options.categorySource(categoryId), searcher, input),
    );
  }

  private unwrap<Hit>(key: SourceKey, outcome: Outcome<Hit>): SourcePage<Hit> {
    // A 403, not a 401: the session is fine, and a 401 would sign the user out.
    if (outcome.status === 'reauthorize')
      throw new ServiceError('FORBIDDEN', new TrackerGrantMissingError().message);
    if (outcome.status !== 'ok') {
      throw new ServiceError(
        'UNAVAILABLE',
        `search source ${key} ${outcome.status === 'timeout' ? 'timed out' : 'failed or its breaker is open'}`,
      );
    }
    return outcome.page;
  }

  /**
   * 'Did you mean' and the foreign words, bounded by the same timeout as a source; a failure only costs the
   * suggestion (and the query is then read as the content's own).
   */
  private async read(query: string): Promise<QueryReading> {
    const unread: QueryReading = { foreign: false };
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<QueryReading>((resolve) => {
      timer = setTimeout(() => resolve(unread), this.options.timeoutMs);
    });
    try {
      return await Promise.race([readQuery(query, this.options.vocabulary), timedOut]);
    } catch (error) {
      this.options.log.warn({ err: error }, 'search suggestion failed');
      return unread;
    } finally {
      clearTimeout(timer);
    }
  }
}
