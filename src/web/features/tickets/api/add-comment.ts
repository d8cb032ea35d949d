import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../../common/api-paths';
import { fetchApi } from '../../../lib/api-client';
import { commentItemSchema, ticketApiPath, TICKETS_KEY } from '../lib/ticket-contracts';

/** `POST /api/tickets/:id/comments`: a reply, or an internal note (agents). */
export function useAddComment(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { body: string; internal: boolean }) =>
      fetchApi(ticketApiPath(apiPaths.tickets.comments, id), { method: 'POST', json: body }, (answer) =>
        commentItemSchema.parse(answer),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TICKETS_KEY }),
  });
}
