import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LatestKbResponse } from '../../../../common/contracts/latest-kb';
import { fetchApi } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';

/** `GET /api/aggregator/latestKB`: the newest knowledge-base articles of the home page's card. */
export function getLatestKb(signal?: AbortSignal): Promise<LatestKbResponse> {
  return fetchApi(paths.api.latestKb, { signal }, async (body) => {
    // The schema (and zod with it) loads only when the browser itself fetches: the first page view gets this
    // data inside the server-rendered state, so the validator stays out of the initial bundle.
    const { latestKbResponseSchema } = await import('../../../../common/contracts/latest-kb');
    return latestKbResponseSchema.parse(body);
  });
}

/**
 * The latest Knowledge Base card's data. Fresh for five minutes: articles change rarely, and the copy the server
 * rendered into the page must not be refetched the moment it hydrates.
 */
export function latestKbQueryOptions() {
  return queryOptions({
    queryKey: ['knowledge-base', 'latest'] as const,
    queryFn: ({ signal }) => getLatestKb(signal),
    staleTime: 5 * 60_000,
  });
}

export function useLatestKb() {
  return useQuery(latestKbQueryOptions());
}
