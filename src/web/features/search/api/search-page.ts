import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SearchGroups } from '../../../../common/contracts/search';
import { PAGED_SEARCH_PATHS, type SourceKey } from '../../../../common/search-sources';
import { fetchApi } from '../../../lib/api-client';
import { checkedBy } from '../../../lib/search-contracts';
import type { Searcher } from '../lib/searcher';

/** A later page of one source (`GET` of the source's own search call with `page`). */
export function searchPage(
  key: SourceKey,
  q: string,
  page: number,
  exact: boolean,
  signal?: AbortSignal,
): Promise<SearchGroups[SourceKey]> {
  const query = { searchValue: q, page: String(page), exact: exact ? 'true' : undefined };
  return fetchApi(
    PAGED_SEARCH_PATHS[key],
    { query, signal },
    checkedBy(
      (contracts): { parse(body: unknown): SearchGroups[SourceKey] } => contracts.searchGroupSchemas[key],
    ),
  );
}

export function searchPageQueryOptions(
  searcher: Searcher,
  key: SourceKey | null,
  q: string,
  page: number,
  exact: boolean,
) {
  return queryOptions({
    queryKey: ['search', 'page', searcher, key, q, page, exact] as const,
    queryFn: ({ signal }) => {
      if (!key) throw new Error('No source');
      return searchPage(key, q, page, exact, signal);
    },
    staleTime: 60_000,
    retry: false,
  });
}

export function useSearchPage(
  searcher: Searcher,
  key: SourceKey | null,
  q: string,
  page: number,
  exact: boolean,
  enabled: boolean,
) {
  return useQuery({
    ...searchPageQueryOptions(searcher, key, q, page, exact),
    enabled: enabled && key !== null && q.length > 0 && page > 1,
  });
}
