import { useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../../common/api-paths';
import { fetchApi, retryUnlessRefused } from '../../../lib/api-client';
import { checkedBy, TICKETS_KEY } from '../lib/ticket-contracts';

/** `GET /api/tickets/assignees`: the agents and admins a ticket can be assigned to (staff). */
export const assigneesKey = [...TICKETS_KEY, 'assignees'] as const;

export function useAssignees() {
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
  });
}
