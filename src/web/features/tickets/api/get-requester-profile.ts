import { useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../../common/api-paths';
import type { RequesterProfile } from '../../../../common/contracts/tickets';
import { fetchApi, retryUnlessRefused } from '../../../lib/api-client';
import { checkedBy, TICKETS_KEY } from '../lib/ticket-contracts';

export const requesterProfileKey = [...TICKETS_KEY, 'requester'] as const;

/**
 * `GET /api/tickets/requester`: the customer's tier and the first-response target of each priority. A
 * customer's server render holds it (ticket-new.tsx).
 */
export function useRequesterProfile() {
  return useQuery({
    queryKey: requesterProfileKey,
    queryFn: ({ signal }): Promise<RequesterProfile> =>
      fetchApi(
        apiPaths.tickets.requester,
        { signal },
        checkedBy((c) => c.requesterProfileSchema),
      ),
    retry: retryUnlessRefused,
    staleTime: 5 * 60_000,
  });
}
