import type { KnowledgeBaseConnector } from '../../connectors/knowledge-base/types.js';
import type {
  CategorySearchResponse,
  SearchGroups,
  SearchResponse,
  SourceKey,
} from '../../../common/contracts/search.js';
import { groupPresenters, presentKbGroup, presentSearch } from '../../presenters/search.js';
import { findCategory } from '../knowledge/articles.js';
import type { AnalyticsOptions, SearchEventRecorder } from './analytics.js';
import type { SearchService } from './federated-search.js';
import { jumpOf, type VisibleTicket } from './jump.js';
import type { Searcher } from './types.js';

/**
 * What the search area's calls take first, built once by its plugin (`app.searches.options`), then the
 * searcher (the actor), then their input: the answers for the API routes and for the server render of the
 * search pages (src/server/ssr/page-data.ts), the same sources, presenters and analytics either way. The
 * callers have validated the input with the calls' schemas.
 */
export interface SearchOptions extends AnalyticsOptions {
  /** Finds the category of a category search. */
  knowledgeBase: KnowledgeBaseConnector;
  service: SearchService;
  events: SearchEventRecorder;
  /** The ticket a search of its number goes to, when the searcher may open it (jump.ts). */
  visibleTicket: VisibleTicket;
}

/** The federated search (spec section 7), queued for analytics: never awaited, failures only logged. */
export async function federatedSearchAnswer(
  options: SearchOptions,
  searcher: Searcher,
  input: { role: string; query: string; filter?: readonly SourceKey[]; exact?: boolean },
): Promise<SearchResponse> {
  const { role, query, filter } = input;
  const result = await options.service.searchAll(searcher, {
    query,
    exact: input.exact ?? false,
    ...(filter ? { filter } : {}),
  });
  // A search counts as corrected (or partial) when any of its groups was: the corrected spelling is the
  // query's, the same in every group that showed it.
  const fallbacks = Object.values(result.fallbacks);
  const correctedTo = fallbacks.find((fallback) => fallback.showingResultsFor)?.showingResultsFor;
  options.events.record({
    query,
    userId: searcher.userId,
    role,
    counts: result.counts,
    ...(correctedTo !== undefined ? { correctedTo } : {}),
    ...(fallbacks.some((fallback) => fallback.partial) ? { partial: true } : {}),
  });
  const jump = await jumpOf(query, searcher, result, options.visibleTicket);
  return { ...presentSearch(result), ...(jump ? { jump } : {}) };
}

/** One page of one source, in that source's group shape. */
export async function pagedSearchAnswer<K extends SourceKey>(
  options: SearchOptions,
  searcher: Searcher,
  key: K,
  input: { query: string; page: number; exact?: boolean },
): Promise<SearchGroups[K]> {
  return groupPresenters[key](await options.service.searchOne(searcher, key, input));
}

/** The search of one knowledge-base category, by id or slug (the /docs Tech Hub). */
export async function categorySearchAnswer(
  options: SearchOptions,
  searcher: Searcher,
  input: { categoryId: string; query: string; page: number },
): Promise<CategorySearchResponse> {
  const category = await findCategory(options, input.categoryId);
  const page = await options.service.searchCategory(searcher, category.id, input);
  return { articles: presentKbGroup(page) };
}
