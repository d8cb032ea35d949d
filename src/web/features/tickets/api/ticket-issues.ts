import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../../common/api-paths';
import { fetchApi, retryUnlessRefused } from '../../../lib/api-client';
import { readTicketContext, readTicketIssueItem } from '../lib/ticket-context-check';
import { ticketApiPath, TICKETS_KEY } from '../lib/ticket-contracts';

/** Under the ticket keys: a change of any ticket (a new note naming an issue) refreshes it too. */
export const ticketContextKey = (id: string) => [...TICKETS_KEY, 'context', id] as const;

/** `GET /api/tickets/:id/context` (staff): linked and mentioned issues, the requester's other open tickets. */
export function useTicketContext(id: string, enabled: boolean) {
  return useQuery({
    queryKey: ticketContextKey(id),
    // Asked at load on every staff ticket page: checked without zod (lib/ticket-context-check.ts).
    queryFn: ({ signal }) =>
      fetchApi(ticketApiPath(apiPaths.tickets.context, id), { signal }, readTicketContext),
    enabled,
    retry: retryUnlessRefused,
  });
}

/** `POST /api/tickets/:id/issues {key}` (staff). */
export function useLinkIssue(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (key: string) =>
      fetchApi(
        ticketApiPath(apiPaths.tickets.issueLinks, id),
        { method: 'POST', json: { key } },
        readTicketIssueItem,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketContextKey(id) }),
  });
}

/** `DELETE /api/tickets/:id/issues/:key` (staff). */
export function useUnlinkIssue(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (key: string) =>
      fetchApi(
        ticketApiPath(apiPaths.tickets.issueLink, id).replace(':key', encodeURIComponent(key)),
        { method: 'DELETE' },
        () => null,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketContextKey(id) }),
  });
}
