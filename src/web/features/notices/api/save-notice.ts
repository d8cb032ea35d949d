import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../../common/api-paths';
import type { NoticeItem, SaveNoticeBody } from '../../../../common/contracts/notices';
import { fetchApi } from '../../../lib/api-client';
import { checkedBy, NOTICES_KEY } from '../lib/notice-contracts';

/** `POST api/noticesModule/notice`: creates (no `Notice_ID`) or updates (with one). Admins. */
function saveNotice(body: SaveNoticeBody): Promise<NoticeItem> {
  return fetchApi(
    apiPaths.notices.notice,
    { method: 'POST', json: body },
    checkedBy((contracts) => contracts.noticeItemSchema),
  );
}

export function useSaveNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveNotice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: NOTICES_KEY }),
  });
}
