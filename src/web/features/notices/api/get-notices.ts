import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { SsrData } from '../../../../common/contracts/ssr';
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

const noticeListKey = [...NOTICES_KEY, 'list'] as const;

export function useNotices(enabled = true) {
  return useQuery({
    queryKey: noticeListKey,
    queryFn: ({ signal }) => getNotices(signal),
    retry: retryUnlessRefused,
    enabled,
  });
}

/**
 * A signed-in render's notices (the bell's unread count, the notifications list): in the first HTML, so the
 * browser neither fetches them at load nor loads the notice checks (zod) to read the answer.
 */
export async function prefetchNotices(queryClient: QueryClient, data: SsrData): Promise<void> {
  const notices = await data.notices();
  if (notices) queryClient.setQueryData(noticeListKey, notices);
}
