import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../../common/api-paths';
import { fetchApi, retryUnlessRefused } from '../../../lib/api-client';
import { checkedBy, TICKETS_KEY } from '../lib/ticket-contracts';

/** The list's filters as query parameters ('' = any). */
export interface TicketFilters {
  status: string;
  priority: string;
  due: string;
  assignee: string;
  sort: 'due' | 'updated';
}

/** What the list shows first: any status, priority, due state and assignee, awaiting a response first. */
export const FIRST_TICKET_FILTERS: TicketFilters = {
  status: '',
  priority: '',
  due: '',
  assignee: '',
  sort: 'due',
};

export const ticketListKey = (filters: TicketFilters, page: number) =>
  [...TICKETS_KEY, 'list', filters, page] as const;

/** The query parameters of `GET /api/tickets` for `filters` and `page` ('' = left out). */
export function ticketListQuery(filters: TicketFilters, page: number): Record<string, string> {
  const query: Record<string, string> = { sort: filters.sort, page: String(page) };
  for (const key of ['status', 'priority', 'due', 'assignee'] as const) {
    if (filters[key]) query[key] = filters[key];
  }
  return query;
}

/** `GET /api/tickets`: My Requests for a customer, the queue for an agent. */
export function useTickets(filters: TicketFilters, page: number) {
  return useQuery({
    queryKey: ticketListKey(filters, page),
    queryFn: ({ signal }) =>
      fetchApi(
        apiPaths.tickets.tickets,
        {
          signal,
          query: ticketListQuery(filters, page),
        },
        checkedBy((c) => c.ticketListSchema),
      ),
    retry: retryUnlessRefused,
    placeholderData: keepPreviousData,
  });
}
