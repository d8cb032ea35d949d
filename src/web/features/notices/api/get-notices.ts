import { useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../../common/api-paths';
import type { NoticeList } from '../../../../common/contracts/notices';
import { fetchApi, retryUnlessRefused } from '../../../lib/api-client';
import { checkedBy, NOTICES_KEY } from '../lib/notice-contracts';

/** `GET api/noticesModule/notice`: the active notices (expired ones included; pages filter). */
function getNotices(signal?: AbortSignal): Promise<NoticeList> {
  return fetchApi(
    apiPaths.notices.notice,
    { signal },
    checkedBy((contracts) => contracts.noticeListSchema),
  );
}

export function useNotices(enabled = true) {
  return useQuery({
    queryKey: [...NOTICES_KEY, 'list'] as const,
    queryFn: ({ signal }) => getNotices(signal),
    retry: retryUnlessRefused,
    enabled,
  });
}
