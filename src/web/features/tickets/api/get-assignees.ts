import { useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../../common/api-paths';
import { fetchApi, retryUnlessRefused } from '../../../lib/api-client';
import { checkedBy, TICKETS_KEY } from '../lib/ticket-contracts';

/** `GET /api/tickets/assignees`: the agents and admins a ticket can be assigned to (staff). */
export const assigneesKey = [...TICKETS_KEY, 'assignees'] as const;

/** `enabled`: false for a reader who may not ask (a customer's list). */
export function useAssignees(enabled = true) {
  return useQuery({
    queryKey: assigneesKey,
    queryFn: ({ signal }) =>
      fetchApi(
        apiPaths.tickets.assignees,
        { signal },
        checkedBy((c) => c.assigneesSchema),
      ),
    retry: retryUnlessRefused,
    staleTime: 5 * 60_000,
    enabled,
  });
}
