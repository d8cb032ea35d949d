import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../../common/api-paths';
import type { CreateTicketBody } from '../../../../common/contracts/tickets';
import { fetchApi } from '../../../lib/api-client';
import { checkedBy, TICKETS_KEY } from '../lib/ticket-contracts';

/**
 * `POST /api/tickets`: opens a ticket for the signed-in customer. With `conversationId` the server checks the
 * conversation is the user's and stores it with the ticket in the same write, so no second request can fail
 * on its own.
 */
export function createTicket(body: CreateTicketBody) {
  return fetchApi(
    apiPaths.tickets.tickets,
    { method: 'POST', json: body },
    checkedBy((c) => c.ticketItemSchema),
  );
}

/** {@link createTicket} as a mutation that refreshes every ticket query. */
export function useCreateTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTicket,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TICKETS_KEY }),
  });
}
