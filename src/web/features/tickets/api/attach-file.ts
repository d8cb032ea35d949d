import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../../common/api-paths';
import { fetchApi } from '../../../lib/api-client';
import { checkedBy, ticketApiPath, TICKETS_KEY } from '../lib/ticket-contracts';

/** `POST /api/tickets/:id/attachments?name=`: one file's bytes. */
export function attachFile(id: number | string, file: File) {
  return fetchApi(
    ticketApiPath(apiPaths.tickets.attachments, id),
    { file, query: { name: file.name } },
    checkedBy((c) => c.attachmentItemSchema),
  );
}

export function useAttachFile(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => attachFile(id, file),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TICKETS_KEY }),
  });
}
