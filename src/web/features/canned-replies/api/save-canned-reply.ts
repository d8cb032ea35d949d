import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../../common/api-paths';
import type { CannedReplyBody } from '../../../../common/contracts/canned-replies';
import { fetchApi } from '../../../lib/api-client';
import { ADMIN_CANNED_REPLIES_KEY, checkedBy } from '../lib/canned-reply-contracts';

export interface SaveCannedReply {
  /** Absent: create. */
  id?: number;
  body: CannedReplyBody;
}

/** `POST /api/admin/canned-replies` (create) or `PUT /api/admin/canned-replies/:id` (change), admins. */
function saveCannedReply({ id, body }: SaveCannedReply) {
  return fetchApi(
    id === undefined ? apiPaths.admin.cannedReplies : apiPaths.admin.cannedReply.replace(':id', String(id)),
    { method: id === undefined ? 'POST' : 'PUT', json: body },
    checkedBy((contracts) => contracts.cannedReplyItemSchema),
  );
}

export function useSaveCannedReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCannedReply,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_CANNED_REPLIES_KEY }),
  });
}
