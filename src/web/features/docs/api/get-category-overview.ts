import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../../common/api-paths';
import type { CategoryOverview } from '../../../../common/contracts/search';
import { fetchApi } from '../../../lib/api-client';
import { checkedBy } from '../../../lib/search-contracts';
import { TECH_HUB_CATEGORY } from '../lib/docs-reader';

/** `GET /api/zendesk/categoryOverview?categoryId=`: the Tech Hub's home (sections with counts, most viewed, recent). */
function getCategoryOverview(categoryId: string, signal?: AbortSignal): Promise<CategoryOverview> {
  return fetchApi(
    apiPaths.knowledgeBase.categoryOverview,
    { query: { categoryId }, signal },
    checkedBy((contracts) => contracts.categoryOverviewSchema),
  );
}

/** The same for every reader (titles, sections and dates only), so its key names no reader. */
export function categoryOverviewQueryOptions() {
  return queryOptions({
    queryKey: ['docs', 'overview', TECH_HUB_CATEGORY] as const,
    queryFn: ({ signal }) => getCategoryOverview(TECH_HUB_CATEGORY, signal),
    staleTime: 5 * 60_000,
  });
}

export function useCategoryOverview() {
  return useQuery(categoryOverviewQueryOptions());
}
