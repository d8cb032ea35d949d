import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiPaths } from '../../common/api-paths';
import type { SuggestionsResponse } from '../../common/contracts/search';
import { fetchApi } from './api-client';
import { checkedBy } from './search-contracts';

/**
 * The suggestion rule of every box that suggests as one types (the site search, the ticket forms): asked for
 * once typing pauses this long, and only from this many characters (one letter would suggest half the portal).
 */
export const SUGGEST_DELAY_MS = 150;
export const MIN_SUGGEST_LENGTH = 2;

export type Suggestion = SuggestionsResponse['suggestions'][number];

/** `GET /api/aggregator/suggestions?searchValue=`: the best few titles for what was typed so far. */
export function getSearchSuggestions(q: string, signal?: AbortSignal): Promise<SuggestionsResponse> {
  // The schema (and zod) loads with the first suggestion, not with every page: the box is in the header.
  return fetchApi(
    apiPaths.aggregator.suggestions,
    { query: { searchValue: q }, signal },
    checkedBy((contracts) => contracts.suggestionsResponseSchema),
  );
}

/**
 * The suggestions for `q`, through the query cache (a query typed again is not asked again) but without
 * `useQuery`: its observer machinery would be in every page's first bundle only for this box. While the next
 * letters' suggestions load, the previous ones stay, instead of the list flickering empty.
 */
export function useSearchSuggestions(q: string): Suggestion[] {
  const client = useQueryClient();
  const [shown, setShown] = useState<Suggestion[]>([]);
  const wanted = q.length >= MIN_SUGGEST_LENGTH;
  useEffect(() => {
    if (!wanted) return;
    let current = true;
    client
      .fetchQuery({
        queryKey: ['search', 'suggestions', q] as const,
        queryFn: ({ signal }) => getSearchSuggestions(q, signal),
        staleTime: 60_000,
        retry: false,
      })
      .then(
        (data) => current && setShown(data.suggestions),
        // A failed suggestion costs only the list: the box still searches.
        () => current && setShown([]),
      );
    return () => {
      current = false;
    };
  }, [client, q, wanted]);
  return wanted ? shown : [];
}
