import { useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../../common/api-paths';
import type { NoticeList } from '../../../../common/contracts/notices';
import { fetchApi, retryUnlessRefused } from '../../../lib/api-client';
import { checkedBy, NOTICES_KEY } from '../lib/notice-contracts';

/** `GET api/noticesModule/deleted-notices` (admins): the deleted notices, the latest change first. */
function getDeletedNotices(signal?: AbortSignal): Promise<NoticeList> {
  return fetchApi(
    apiPaths.notices.deletedNotices,
    { signal },
    checkedBy((contracts) => contracts.deletedNoticeListSchema),
  );
}

export function useDeletedNotices(enabled: boolean) {
  return useQuery({
    queryKey: [...NOTICES_KEY, 'deleted'] as const,
    queryFn: ({ signal }) => getDeletedNotices(signal),
    retry: retryUnlessRefused,
    enabled,
  });
}
