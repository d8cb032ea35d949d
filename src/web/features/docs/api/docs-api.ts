import { apiPaths } from '../../../../common/api-paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  articleDetailsSchema,
  articleResponseSchema,
  categorySearchResponseSchema,
  type ArticleDetails,
  type ArticleResponse,
  type CategorySearchResponse,
} from '../../../../common/contracts/search';
import { apiCall, errorCode } from '../../../lib/api-client';

/** The knowledge-base category /docs shows (spec section 2). */
export const TECH_HUB_CATEGORY = 'tech-hub';

/** A visitor, and everyone while the session is not known yet: the server render reads as one. */
export const ANONYMOUS_READER = 'anonymous';

export class DocsError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'DocsError';
  }
}

async function getJson(path: string, query: Record<string, string>, signal?: AbortSignal): Promise<unknown> {
  const result = await apiCall(path, { query, signal });
  if (!result.ok)
    throw new DocsError(errorCode(result.body) ?? `The request failed (${result.status}).`, result.status);
  return result.body;
}

export async function getArticleDetails(categoryId: string, signal?: AbortSignal): Promise<ArticleDetails> {
  return articleDetailsSchema.parse(
    await getJson(apiPaths.knowledgeBase.articleDetails, { categoryId }, signal),
  );
}

export async function searchArticlesByCategory(
  categoryId: string,
  searchValue: string,
  signal?: AbortSignal,
): Promise<CategorySearchResponse> {
  return categorySearchResponseSchema.parse(
    await getJson(apiPaths.knowledgeBase.articlesByCategory, { categoryId, searchValue, page: '1' }, signal),
  );
}

export async function getArticle(id: string, signal?: AbortSignal): Promise<ArticleResponse> {
  return articleResponseSchema.parse(await getJson(apiPaths.knowledgeBase.article.href(id), {}, signal));
}

/** Keys carry who is reading: a protected article's body depends on the session. */
export function useArticleDetails(reader: string, enabled: boolean) {
  return useQuery({
    queryKey: ['docs', 'details', TECH_HUB_CATEGORY, reader] as const,
    queryFn: ({ signal }) => getArticleDetails(TECH_HUB_CATEGORY, signal),
    staleTime: 5 * 60_000,
    enabled,
  });
}

export function docsSearchQueryOptions(reader: string, q: string) {
  return queryOptions({
    queryKey: ['docs', 'search', TECH_HUB_CATEGORY, reader, q] as const,
    queryFn: ({ signal }) => searchArticlesByCategory(TECH_HUB_CATEGORY, q, signal),
    staleTime: 60_000,
    retry: false,
  });
}

export function useDocsSearch(reader: string, q: string, enabled: boolean) {
  return useQuery({ ...docsSearchQueryOptions(reader, q), enabled: enabled && q.length > 0 });
}

export function useArticle(reader: string, id: string, enabled: boolean) {
  return useQuery({
    queryKey: ['docs', 'article', reader, id] as const,
    queryFn: ({ signal }) => getArticle(id, signal),
    staleTime: 5 * 60_000,
    retry: (count, error) => !(error instanceof DocsError && error.status < 500) && count < 2,
    enabled: enabled && id.length > 0,
  });
}
