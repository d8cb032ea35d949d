import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../../common/api-paths';
import type { NoticeItem } from '../../../../common/contracts/notices';
import { fetchApi } from '../../../lib/api-client';
import { checkedBy, NOTICES_KEY } from '../lib/notice-contracts';

/** `POST api/noticesModule/notice-restore`: a deleted notice active again (admins). */
function restoreNotice(id: string): Promise<NoticeItem> {
  return fetchApi(
    apiPaths.notices.restoreNotice,
    { method: 'POST', json: { Notice_ID: id } },
    checkedBy((contracts) => contracts.noticeItemSchema),
  );
}

export function useRestoreNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreNotice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: NOTICES_KEY }),
  });
}
