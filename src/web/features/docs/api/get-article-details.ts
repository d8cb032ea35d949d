import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../../common/api-paths';
import type { ArticleDetails } from '../../../../common/contracts/search';
import { fetchApi } from '../../../lib/api-client';
import { checkedBy } from '../../../lib/search-contracts';
import { TECH_HUB_CATEGORY, type DocsReader } from '../lib/docs-reader';

/** `GET /api/zendesk/getArticleDetails?categoryId=`: the sections and article titles of the /docs sidebar. */
export function getArticleDetails(categoryId: string, signal?: AbortSignal): Promise<ArticleDetails> {
  return fetchApi(
    apiPaths.knowledgeBase.articleDetails,
    { query: { categoryId }, signal },
    checkedBy((contracts) => contracts.articleDetailsSchema),
  );
}

export function articleDetailsQueryOptions(reader: DocsReader) {
  return queryOptions({
    queryKey: ['docs', 'details', TECH_HUB_CATEGORY, reader] as const,
    queryFn: ({ signal }) => getArticleDetails(TECH_HUB_CATEGORY, signal),
    staleTime: 5 * 60_000,
  });
}

export function useArticleDetails(reader: DocsReader, enabled: boolean) {
  return useQuery({ ...articleDetailsQueryOptions(reader), enabled });
}
