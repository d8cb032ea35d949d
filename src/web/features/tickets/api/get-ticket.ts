import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../../common/api-paths';
import { fetchApi, retryUnlessRefused } from '../../../lib/api-client';
import { checkedBy, refetchWhileStale, ticketApiPath, TICKETS_KEY } from '../lib/ticket-contracts';

export const ticketKey = (id: string) => [...TICKETS_KEY, 'ticket', id] as const;

/**
 * `GET /api/tickets/:id`: the ticket and its comments (internal notes for staff only); `afterRead` runs once
 * the answer is in.
 */
export const ticketQuery = (id: string, afterRead?: () => Promise<void>) =>
  queryOptions({
    queryKey: ticketKey(id),
    queryFn: async ({ signal }) => {
      const details = await fetchApi(
        ticketApiPath(apiPaths.tickets.ticket, id),
        { signal },
        checkedBy((c) => c.ticketDetailsSchema),
      );
      await afterRead?.();
      return details;
    },
    retry: retryUnlessRefused,
    refetchInterval: refetchWhileStale,
  });

export function useTicket(id: string) {
  const queryClient = useQueryClient();
  // Reading the ticket marks its replies seen: the lists that marked them show it when next shown.
  return useQuery(
    ticketQuery(id, () =>
      queryClient.invalidateQueries({ queryKey: [...TICKETS_KEY, 'list'], refetchType: 'none' }),
    ),
  );
}
