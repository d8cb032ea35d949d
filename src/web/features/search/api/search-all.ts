import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../../common/api-paths';
import type { SearchResponse } from '../../../../common/contracts/search';
import type { SourceKey } from '../../../../common/search-sources';
import { fetchApi } from '../../../lib/api-client';
import { checkedBy } from '../../../lib/search-contracts';
import type { Searcher } from '../lib/searcher';

/**
 * `POST /api/aggregator/search?searchValue= {filter?, exact?}`: page 1 of every source the session may search
 * (`exact`: the words as typed, no corrected spelling).
 */
export function searchAll(
  q: string,
  filter: SourceKey[],
  exact: boolean,
  signal?: AbortSignal,
): Promise<SearchResponse> {
  const body = { ...(filter.length > 0 ? { filter } : {}), ...(exact ? { exact } : {}) };
  return fetchApi(
    apiPaths.aggregator.search,
    { method: 'POST', query: { searchValue: q }, json: body, signal },
    checkedBy((contracts) => contracts.searchResponseSchema),
  );
}

export function searchAllQueryOptions(searcher: Searcher, q: string, filter: SourceKey[], exact: boolean) {
  return queryOptions({
    queryKey: ['search', 'all', searcher, q, filter.join(','), exact] as const,
    queryFn: ({ signal }) => searchAll(q, filter, exact, signal),
    staleTime: 60_000,
    retry: false,
  });
}

export function useSearchAll(
  searcher: Searcher,
  q: string,
  filter: SourceKey[],
  exact: boolean,
  enabled: boolean,
) {
  return useQuery({ ...searchAllQueryOptions(searcher, q, filter, exact), enabled: enabled && q.length > 0 });
}
