import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../../common/api-paths';
import {
  DUE_STATES,
  TICKET_PRIORITIES,
  TICKET_STATUS_FILTERS,
  type TicketStatusFilter,
} from '../../../../common/tickets';
import { fetchApi, retryUnlessRefused } from '../../../lib/api-client';
import { checkedBy, refetchWhileStale, TICKETS_KEY } from '../lib/ticket-contracts';

/** The list's filters as query parameters ('' = any). */
export interface TicketFilters {
  status: TicketStatusFilter;
  priority: string;
  due: string;
  assignee: string;
  organisation: string;
  q: string;
  sort: 'due' | 'updated';
}

/** The filter keys the page's address carries, beside `page`. */
export const TICKET_FILTER_KEYS = [
  'status',
  'priority',
  'due',
  'assignee',
  'organisation',
  'q',
  'sort',
] as const;

/**
 * What a list shows when its address names no status: the open work for agents (solved and closed tickets
 * are done), every request for a customer (a solved one is still theirs to read).
 */
export const defaultStatus = (staff: boolean): TicketStatusFilter => (staff ? 'open-work' : 'any');

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  values.find((known) => known === value);

/**
 * The filters and page a list's address holds (`/tickets?status=hold&page=2`), so Back and a shared link show
 * the same list; a value the list does not know is left at its default.
 */
export function ticketViewFrom(
  params: URLSearchParams,
  staff: boolean,
): { filters: TicketFilters; page: number } {
  const text = (key: string, max: number) => (params.get(key) ?? '').trim().slice(0, max);
  const page = Number(params.get('page'));
  return {
    filters: {
      status: oneOf(TICKET_STATUS_FILTERS, params.get('status')) ?? defaultStatus(staff),
      priority: oneOf(TICKET_PRIORITIES, params.get('priority')) ?? '',
      due: oneOf(DUE_STATES, params.get('due')) ?? '',
      assignee: staff ? text('assignee', 100) : '',
      organisation: staff ? text('organisation', 200) : '',
      q: text('q', 200),
      sort: params.get('sort') === 'updated' ? 'updated' : 'due',
    },
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  };
}

export const ticketListKey = (filters: TicketFilters, page: number) =>
  [...TICKETS_KEY, 'list', filters, page] as const;

/** The query parameters of `GET /api/tickets` for `filters` and `page` ('' = left out). */
export function ticketListQuery(filters: TicketFilters, page: number): Record<string, string> {
  const query: Record<string, string> = { status: filters.status, sort: filters.sort, page: String(page) };
  for (const key of ['priority', 'due', 'assignee', 'organisation', 'q'] as const) {
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
    refetchInterval: refetchWhileStale,
  });
}

/** `GET /api/tickets/organisations`: what the queue's organisation filter offers (staff). */
export const ticketOrganisationsKey = [...TICKETS_KEY, 'organisations'] as const;

export function useTicketOrganisations(enabled: boolean) {
  return useQuery({
    queryKey: ticketOrganisationsKey,
    queryFn: ({ signal }) =>
      fetchApi(
        apiPaths.tickets.organisations,
        { signal },
        checkedBy((c) => c.ticketOrganisationsSchema),
      ),
    retry: retryUnlessRefused,
    staleTime: 5 * 60_000,
    enabled,
  });
}
