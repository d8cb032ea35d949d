import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../../common/api-paths';
import type { PopularKbLink } from '../../../../common/contracts/latest-kb';
import { fetchApi } from '../../../lib/api-client';

/**
 * The most read knowledge-base articles, for a search that found nothing: the `mostPopular` of
 * `GET /api/aggregator/latestKB`, the home page's kept answer (no query of its own on the server).
 */
async function getPopularArticles(signal?: AbortSignal): Promise<PopularKbLink[]> {
  return fetchApi(apiPaths.aggregator.latestKb, { signal }, async (body) => {
    const { latestKbResponseSchema } = await import('../../../../common/contracts/latest-kb');
    return latestKbResponseSchema.parse(body).mostPopular;
  });
}

export function popularArticlesQueryOptions() {
  return queryOptions({
    queryKey: ['search', 'popular-articles'] as const,
    queryFn: ({ signal }) => getPopularArticles(signal),
    staleTime: 5 * 60_000,
  });
}

export function usePopularArticles(enabled: boolean) {
  return useQuery({ ...popularArticlesQueryOptions(), enabled });
}
