import { useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../../common/api-paths';
import { fetchApi, retryUnlessRefused } from '../../../lib/api-client';
import { requesterProfileSchema, TICKETS_KEY } from '../lib/ticket-contracts';

/** `GET /api/tickets/requester`: the customer's tier and the first-response target of each priority. */
export function useRequesterProfile() {
  return useQuery({
    queryKey: [...TICKETS_KEY, 'requester'] as const,
    queryFn: ({ signal }) =>
      fetchApi(apiPaths.tickets.requester, { signal }, (body) => requesterProfileSchema.parse(body)),
    retry: retryUnlessRefused,
    staleTime: 5 * 60_000,
  });
}
