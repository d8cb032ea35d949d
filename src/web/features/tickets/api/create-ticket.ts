import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../../common/api-paths';
import type { CreateTicketBody } from '../../../../common/contracts/tickets';
import { fetchApi } from '../../../lib/api-client';
import { ticketItemSchema, TICKETS_KEY } from '../lib/ticket-contracts';

/** `POST /api/tickets`: opens a ticket for the signed-in customer. */
export function useCreateTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateTicketBody) =>
      fetchApi(apiPaths.tickets.tickets, { method: 'POST', json: body }, (answer) =>
        ticketItemSchema.parse(answer),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TICKETS_KEY }),
  });
}
