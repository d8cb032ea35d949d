import { useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../../common/api-paths';
import type { NoticeChangeList } from '../../../../common/contracts/notices';
import { fetchApi, retryUnlessRefused } from '../../../lib/api-client';
import { checkedBy, NOTICES_KEY } from '../lib/notice-contracts';

/** `GET api/noticesModule/notice-changes?id=` (admins): the notice's audit trail. */
function getNoticeChanges(id: string, signal?: AbortSignal): Promise<NoticeChangeList> {
  return fetchApi(
    apiPaths.notices.noticeChanges,
    { query: { id }, signal },
    checkedBy((contracts) => contracts.noticeChangeListSchema),
  );
}

export const noticeChangesKey = (id: string) => [...NOTICES_KEY, 'changes', id] as const;

export function useNoticeChanges(id: string, enabled: boolean) {
  return useQuery({
    queryKey: noticeChangesKey(id),
    queryFn: ({ signal }) => getNoticeChanges(id, signal),
    retry: retryUnlessRefused,
    enabled: enabled && id !== '',
  });
}
