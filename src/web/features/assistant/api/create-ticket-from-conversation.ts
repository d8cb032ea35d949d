import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateTicketBody } from '../../../../common/contracts/tickets';
import { addComment } from '../../../lib/tickets/add-comment';
import { createTicket } from '../../../lib/tickets/create-ticket';
import { TICKETS_KEY } from '../../../lib/tickets/ticket-keys';

interface TicketFromConversation {
  ticket: CreateTicketBody;
  /** The conversation's id and its text (transcript.ts); null when the user asked for a ticket before asking anything. */
  conversation: { id: string; transcript: string } | null;
}

/**
 * `POST /api/tickets` with the conversation's id, then the conversation itself as the ticket's first comment
 * (`POST /api/tickets/:id/comments`): the server keeps the id but does not write the conversation into the
 * ticket. A ticket whose comment failed still stands; `attached` says so (null: there was no conversation to attach), and the panel tells the user.
 */
export function useCreateTicketFromConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ ticket, conversation }: TicketFromConversation) => {
      const created = await createTicket(
        conversation ? { ...ticket, conversationId: conversation.id } : ticket,
      );
      if (!conversation) return { ticket: created.ticket, attached: null };
      const attached = await addComment(created.ticket.id, {
        body: conversation.transcript,
        internal: false,
      }).then(
        () => true,
        () => false,
      );
      return { ticket: created.ticket, attached };
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TICKETS_KEY }),
  });
}
