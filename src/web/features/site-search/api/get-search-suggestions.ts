import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../../common/api-paths';
import type { SuggestionsResponse } from '../../../../common/contracts/search';
import { fetchApi } from '../../../lib/api-client';

/** Suggestions start at this many characters: one letter would suggest half the portal. */
export const MIN_SUGGEST_LENGTH = 2;

/** `GET /api/aggregator/suggestions?searchValue=`: the best few titles for what was typed so far. */
export function getSearchSuggestions(q: string, signal?: AbortSignal): Promise<SuggestionsResponse> {
  return fetchApi(apiPaths.aggregator.suggestions, { query: { searchValue: q }, signal }, async (body) => {
    // The schema (and zod) loads with the first suggestion, not with every page: the box is in the header.
    const { suggestionsResponseSchema } = await import('../../../../common/contracts/search');
    return suggestionsResponseSchema.parse(body);
  });
}

export function useSearchSuggestions(q: string) {
  return useQuery({
    queryKey: ['search', 'suggestions', q] as const,
    queryFn: ({ signal }) => getSearchSuggestions(q, signal),
    enabled: q.length >= MIN_SUGGEST_LENGTH,
    staleTime: 60_000,
    // The list stays while the next letters' suggestions load, instead of flickering empty.
    placeholderData: keepPreviousData,
    retry: false,
  });
}
