import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../../common/api-paths';
import type { ArticleResponse } from '../../../../common/contracts/search';
import { fetchApi, retryUnlessRefused } from '../../../lib/api-client';
import { checkedBy } from '../../../lib/search-contracts';
import type { DocsReader } from '../lib/docs-reader';

/** `GET` of one knowledge-base article with its body (a protected one only for the signed-in). */
function getArticle(id: string, signal?: AbortSignal): Promise<ArticleResponse> {
  return fetchApi(
    apiPaths.knowledgeBase.article.href(id),
    { signal },
    checkedBy((contracts) => contracts.articleResponseSchema),
  );
}

export function articleQueryOptions(reader: DocsReader, id: string) {
  return queryOptions({
    queryKey: ['docs', 'article', reader, id] as const,
    queryFn: ({ signal }) => getArticle(id, signal),
    staleTime: 5 * 60_000,
    retry: retryUnlessRefused,
  });
}

export function useArticle(reader: DocsReader, id: string, enabled: boolean) {
  return useQuery({ ...articleQueryOptions(reader, id), enabled: enabled && id.length > 0 });
}
