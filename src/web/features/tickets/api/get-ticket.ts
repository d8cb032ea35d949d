import { useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../../common/api-paths';
import { fetchApi, retryUnlessRefused } from '../../../lib/api-client';
import { checkedBy, ticketApiPath, TICKETS_KEY } from '../lib/ticket-contracts';

export const ticketKey = (id: string) => [...TICKETS_KEY, 'ticket', id] as const;

/** `GET /api/tickets/:id`: the ticket and its comments (internal notes for staff only). */
export function useTicket(id: string) {
  return useQuery({
    queryKey: ticketKey(id),
    queryFn: ({ signal }) =>
      fetchApi(
        ticketApiPath(apiPaths.tickets.ticket, id),
        { signal },
        checkedBy((c) => c.ticketDetailsSchema),
      ),
    retry: retryUnlessRefused,
  });
}
