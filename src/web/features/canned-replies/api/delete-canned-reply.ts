import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../../common/api-paths';
import { fetchApi } from '../../../lib/api-client';
import { ADMIN_CANNED_REPLIES_KEY } from '../lib/canned-reply-contracts';

/** `DELETE /api/admin/canned-replies/:id` (admins): 204. */
export function useDeleteCannedReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      fetchApi(apiPaths.admin.cannedReply.replace(':id', String(id)), { method: 'DELETE' }, () => null),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ADMIN_CANNED_REPLIES_KEY }),
  });
}
