import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../../common/api-paths';
import type { CategorySearchResponse } from '../../../../common/contracts/search';
import { fetchApi } from '../../../lib/api-client';
import { checkedBy } from '../../../lib/search-contracts';
import { TECH_HUB_CATEGORY, type DocsReader } from '../lib/docs-reader';

/** `GET /api/zendesk/searchArticlesByCategory?categoryId=&searchValue=&page=1`: the /docs search box. */
export function searchArticlesByCategory(
  categoryId: string,
  searchValue: string,
  signal?: AbortSignal,
): Promise<CategorySearchResponse> {
  return fetchApi(
    apiPaths.knowledgeBase.articlesByCategory,
    { query: { categoryId, searchValue, page: '1' }, signal },
    checkedBy((contracts) => contracts.categorySearchResponseSchema),
  );
}

export function docsSearchQueryOptions(reader: DocsReader, q: string) {
  return queryOptions({
    queryKey: ['docs', 'search', TECH_HUB_CATEGORY, reader, q] as const,
    queryFn: ({ signal }) => searchArticlesByCategory(TECH_HUB_CATEGORY, q, signal),
    staleTime: 60_000,
    retry: false,
  });
}

export function useDocsSearch(reader: DocsReader, q: string, enabled: boolean) {
  return useQuery({ ...docsSearchQueryOptions(reader, q), enabled: enabled && q.length > 0 });
}
