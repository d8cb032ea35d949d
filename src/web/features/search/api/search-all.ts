import { apiPaths } from '../../../../common/api-paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  PAGED_SEARCH_PATHS,
  searchGroupSchemas,
  searchResponseSchema,
  type SearchGroups,
  type SearchResponse,
  type SourceKey,
} from '../../../../common/contracts/search';
import { apiCall, errorCode } from '../../../lib/api-client';

export const SEARCH_ALL_PATH = apiPaths.aggregator.search;

export class SearchError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'SearchError';
  }
}

export async function searchAll(
  q: string,
  filter: SourceKey[],
  signal?: AbortSignal,
): Promise<SearchResponse> {
  const result = await apiCall(SEARCH_ALL_PATH, {
    method: 'POST',
    query: { searchValue: q },
    json: filter.length > 0 ? { filter } : {},
    signal,
  });
  if (!result.ok) throw new SearchError(errorCode(result.body) ?? 'The search failed.', result.status);
  return searchResponseSchema.parse(result.body);
}

export async function searchPage(
  key: SourceKey,
  q: string,
  page: number,
  signal?: AbortSignal,
): Promise<SearchGroups[SourceKey]> {
  const result = await apiCall(PAGED_SEARCH_PATHS[key], {
    query: { searchValue: q, page: String(page) },
    signal,
  });
  if (!result.ok) throw new SearchError(errorCode(result.body) ?? 'The search failed.', result.status);
  return searchGroupSchemas[key].parse(result.body);
}

/** Who is searching: part of the keys, since the server picks the sources from the session. */
export type Searcher = string;

/** A visitor, and everyone while the session is not known yet: the server render searches as one. */
export const ANONYMOUS_SEARCHER: Searcher = 'anonymous';

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
