import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../../common/api-paths';
import type { BulkUpdateTicketsBody } from '../../../../common/contracts/tickets';
import { fetchApi } from '../../../lib/api-client';
import { checkedBy, TICKETS_KEY } from '../lib/ticket-contracts';

/** `POST /api/tickets/bulk`: one change of status or assignee to the selected tickets (staff). */
export function useBulkUpdateTickets() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BulkUpdateTicketsBody) =>
      fetchApi(
        apiPaths.tickets.bulk,
        { method: 'POST', json: body },
        checkedBy((c) => c.bulkUpdateResultSchema),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TICKETS_KEY }),
  });
}
