import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../../common/api-paths';
import type { NoticeItem } from '../../../../common/contracts/notices';
import { fetchApi } from '../../../lib/api-client';
import { checkedBy, NOTICES_KEY } from '../lib/notice-contracts';

/** `POST api/noticesModule/notice-delete`: the notice with `active: false` (spec section 4). Admins. */
function deleteNotice(id: string): Promise<NoticeItem> {
  return fetchApi(
    apiPaths.notices.deleteNotice,
    { method: 'POST', json: { Notice_ID: id, active: false } },
    checkedBy((contracts) => contracts.noticeItemSchema),
  );
}

export function useDeleteNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteNotice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: NOTICES_KEY }),
  });
}
