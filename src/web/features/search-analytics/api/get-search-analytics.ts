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

/** The form of the page's dates (`?from=&to=`). */
export const ANALYTICS_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** One end of the page's period, from its address; a missing or malformed one is left to the server. */
export function dateParam(params: URLSearchParams, name: 'from' | 'to'): string | undefined {
  const value = params.get(name) ?? '';
  return ANALYTICS_DATE.test(value) ? value : undefined;
}

export const searchAnalyticsKey = (from: string | undefined, to: string | undefined) =>
  ['admin', 'search-analytics', from ?? '', to ?? ''] as const;

export function useSearchAnalytics(from: string | undefined, to: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: searchAnalyticsKey(from, to),
    queryFn: ({ signal }) => getSearchAnalytics(from, to, signal),
    // Long enough that the server render's answer is not asked again as the page starts; a period chosen
    // again later is.
    staleTime: 30_000,
    retry: false,
    enabled,
  });
}
