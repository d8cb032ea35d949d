import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateTicketBody } from '../../../../common/contracts/tickets';
import { createTicket } from '../../../lib/tickets/create-ticket';
import { TICKETS_KEY } from '../../../lib/tickets/ticket-keys';

interface TicketFromConversation {
  ticket: CreateTicketBody;
  /** The conversation's id; null when the user asked for a ticket before asking anything. */
  conversationId: string | null;
}

/**
 * `POST /api/tickets` with the conversation's id: the server checks the conversation is the user's and stores
 * it with the ticket in the same write, so there is no second request that could fail on its own.
 */
export function useCreateTicketFromConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ticket, conversationId }: TicketFromConversation) =>
      createTicket(conversationId ? { ...ticket, conversationId } : ticket),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TICKETS_KEY }),
  });
}
