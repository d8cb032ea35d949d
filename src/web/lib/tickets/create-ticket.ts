import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../common/api-paths';
import type { CreateTicketBody } from '../../../common/contracts/tickets';
import { fetchApi } from '../api-client';
import { checkedBy } from './ticket-checks';
import { TICKETS_KEY } from './ticket-keys';

/** `POST /api/tickets`: opens a ticket for the signed-in customer. */
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
