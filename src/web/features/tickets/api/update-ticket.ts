import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../../common/api-paths';
import type { UpdateTicketBody } from '../../../../common/contracts/tickets';
import { fetchApi } from '../../../lib/api-client';
import { checkedBy, ticketApiPath, TICKETS_KEY } from '../lib/ticket-contracts';

/** `PATCH /api/tickets/:id`: status, priority, assignee (a customer: solved only). */
export function useUpdateTicket(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateTicketBody) =>
      fetchApi(
        ticketApiPath(apiPaths.tickets.ticket, id),
        { method: 'PATCH', json: body },
        checkedBy((c) => c.ticketItemSchema),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TICKETS_KEY }),
  });
}
