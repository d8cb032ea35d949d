import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../../common/api-paths';
import type { ReplyStatus } from '../../../../common/tickets';
import { fetchApi } from '../../../lib/api-client';
import { checkedBy, ticketApiPath, TICKETS_KEY } from '../lib/ticket-contracts';

export interface CommentBody {
  body: string;
  internal: boolean;
  /** Agents: the status the ticket takes in the same step ("Submit as Solved"). */
  status?: ReplyStatus;
}

/** `POST /api/tickets/:id/comments`: a reply, or an internal note (agents). */
export function addComment(id: number | string, body: CommentBody) {
  return fetchApi(
    ticketApiPath(apiPaths.tickets.comments, id),
    { method: 'POST', json: body },
    checkedBy((c) => c.commentItemSchema),
  );
}

/** {@link addComment} to one ticket, as a mutation that refreshes every ticket query. */
export function useAddComment(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CommentBody) => addComment(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TICKETS_KEY }),
  });
}
