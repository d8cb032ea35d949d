import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../../common/api-paths';
import { fetchApi, retryUnlessRefused } from '../../../lib/api-client';
import { ticketListSchema, TICKETS_KEY } from '../lib/ticket-contracts';

/** The list's filters as query parameters ('' = any). */
export interface TicketFilters {
  status: string;
  priority: string;
  due: string;
  assignee: string;
  sort: 'due' | 'updated';
}

/** `GET /api/tickets`: My Requests for a customer, the queue for an agent. */
export function useTickets(filters: TicketFilters, page: number) {
  return useQuery({
    queryKey: [...TICKETS_KEY, 'list', filters, page] as const,
    queryFn: ({ signal }) =>
      fetchApi(
        apiPaths.tickets.tickets,
        {
          signal,
          query: {
            status: filters.status || undefined,
            priority: filters.priority || undefined,
            due: filters.due || undefined,
            assignee: filters.assignee || undefined,
            sort: filters.sort,
            page: String(page),
          },
        },
        (body) => ticketListSchema.parse(body),
      ),
    retry: retryUnlessRefused,
    placeholderData: keepPreviousData,
  });
}
