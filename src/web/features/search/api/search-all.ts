import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../../common/api-paths';
import {
  searchResponseSchema,
  type SearchResponse,
  type SourceKey,
} from '../../../../common/contracts/search';
import { fetchApi } from '../../../lib/api-client';
import type { Searcher } from '../lib/searcher';

/** `POST /api/aggregator/search?searchValue= {filter?}`: page 1 of every source the session may search. */
export function searchAll(q: string, filter: SourceKey[], signal?: AbortSignal): Promise<SearchResponse> {
  return fetchApi(
    apiPaths.aggregator.search,
    { method: 'POST', query: { searchValue: q }, json: filter.length > 0 ? { filter } : {}, signal },
    (body) => searchResponseSchema.parse(body),
  );
}

export function searchAllQueryOptions(searcher: Searcher, q: string, filter: SourceKey[]) {
  return queryOptions({
    queryKey: ['search', 'all', searcher, q, filter.join(',')] as const,
    queryFn: ({ signal }) => searchAll(q, filter, signal),
    staleTime: 60_000,
    retry: false,
  });
}

export function useSearchAll(searcher: Searcher, q: string, filter: SourceKey[], enabled: boolean) {
  return useQuery({ ...searchAllQueryOptions(searcher, q, filter), enabled: enabled && q.length > 0 });
}
