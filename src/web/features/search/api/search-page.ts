import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  PAGED_SEARCH_PATHS,
  searchGroupSchemas,
  type SearchGroups,
  type SourceKey,
} from '../../../../common/contracts/search';
import { fetchApi } from '../../../lib/api-client';
import type { Searcher } from '../lib/searcher';

/** A later page of one source (`GET` of the source's own search call with `page`). */
export function searchPage(
  key: SourceKey,
  q: string,
  page: number,
  signal?: AbortSignal,
): Promise<SearchGroups[SourceKey]> {
  return fetchApi(
    PAGED_SEARCH_PATHS[key],
    { query: { searchValue: q, page: String(page) }, signal },
    (body) => searchGroupSchemas[key].parse(body),
  );
}

export function searchPageQueryOptions(searcher: Searcher, key: SourceKey | null, q: string, page: number) {
  return queryOptions({
    queryKey: ['search', 'page', searcher, key, q, page] as const,
    queryFn: ({ signal }) => {
      if (!key) throw new Error('No source');
      return searchPage(key, q, page, signal);
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
  enabled: boolean,
) {
  return useQuery({
    ...searchPageQueryOptions(searcher, key, q, page),
    enabled: enabled && key !== null && q.length > 0 && page > 1,
  });
}
