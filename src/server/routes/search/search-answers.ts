import type { FastifyInstance } from 'fastify';
import type {
  CategorySearchResponse,
  SearchGroups,
  SearchResponse,
  SourceKey,
} from '../../../common/contracts/search.js';
import { groupPresenters, presentKbGroup, presentSearch } from '../../presenters/search.js';
import { findCategory } from '../../services/knowledge/articles.js';
import type { Searcher } from '../../services/search/types.js';

/**
 * The answers of the search calls, built once for the API routes and for the server render of the search pages
 * (src/server/ssr/page-data.ts): the same sources, presenters and analytics either way. The callers have
 * validated the input with the calls' schemas.
 */

/** The federated search (spec section 7), queued for analytics: never awaited, failures only logged. */
export async function federatedSearchAnswer(
  app: FastifyInstance,
  input: { searcher: Searcher; role: string; query: string; filter?: readonly SourceKey[]; exact?: boolean },
): Promise<SearchResponse> {
  const { searcher, role, query, filter } = input;
  const result = await app.searchService.searchAll({
    searcher,
    query,
    exact: input.exact ?? false,
    ...(filter ? { filter } : {}),
  });
  app.searchEvents.record({
    query,
    userId: searcher.userId,
    role,
    counts: result.counts,
    ...(result.showingResultsFor !== undefined ? { correctedTo: result.showingResultsFor } : {}),
    ...(result.partial ? { partial: true } : {}),
  });
  return presentSearch(result);
}

/** One page of one source, in that source's group shape. */
export async function pagedSearchAnswer<K extends SourceKey>(
  app: FastifyInstance,
  key: K,
  input: { searcher: Searcher; query: string; page: number; exact?: boolean },
): Promise<SearchGroups[K]> {
  return groupPresenters[key](await app.searchService.searchOne(key, input));
}

/** The search of one knowledge-base category, by id or slug (the /docs Tech Hub). */
export async function categorySearchAnswer(
  app: FastifyInstance,
  input: { searcher: Searcher; categoryId: string; query: string; page: number },
): Promise<CategorySearchResponse> {
  const category = await findCategory(app.db, input.categoryId);
  const page = await app.searchService.searchCategory(category.id, input);
  return { articles: presentKbGroup(page) };
}
