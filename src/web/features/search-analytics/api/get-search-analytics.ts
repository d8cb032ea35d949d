import { useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../../common/api-paths';
import type { SearchAnalytics } from '../../../../common/contracts/search';
import { fetchApi } from '../../../lib/api-client';
import { checkedBy } from '../../../lib/search-contracts';

/** `GET /api/admin/search-analytics?from=&to=` (admins): what was searched and what found nothing. */
function getSearchAnalytics(
  from: string | undefined,
  to: string | undefined,
  signal?: AbortSignal,
): Promise<SearchAnalytics> {
  return fetchApi(
    apiPaths.admin.searchAnalytics,
    { query: { from, to }, signal },
    checkedBy((contracts) => contracts.searchAnalyticsSchema),
  );
}

export function useSearchAnalytics(from: string | undefined, to: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: ['admin', 'search-analytics', from ?? '', to ?? ''] as const,
    queryFn: ({ signal }) => getSearchAnalytics(from, to, signal),
    staleTime: 0,
    retry: false,
    enabled,
  });
}
