import { apiPaths } from '../../../../common/api-paths';
import { useQuery } from '@tanstack/react-query';
import { searchAnalyticsSchema, type SearchAnalytics } from '../../../../common/contracts/search';
import { apiCall, errorCode } from '../../../lib/api-client';

export const SEARCH_ANALYTICS_PATH = apiPaths.admin.searchAnalytics;

export async function getSearchAnalytics(
  from: string | undefined,
  to: string | undefined,
  signal?: AbortSignal,
): Promise<SearchAnalytics> {
  const result = await apiCall(SEARCH_ANALYTICS_PATH, { query: { from, to }, signal });
  if (!result.ok)
    throw new Error(errorCode(result.body) ?? `The analytics could not be loaded (${result.status}).`);
  return searchAnalyticsSchema.parse(result.body);
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
