import { useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../../common/api-paths';
import type { NoticeItem } from '../../../../common/contracts/notices';
import { fetchApi, retryUnlessRefused } from '../../../lib/api-client';
import { checkedBy, NOTICES_KEY } from '../lib/notice-contracts';

/** `GET api/noticesModule/notice-id?id=`: one notice. */
function getNotice(id: string, signal?: AbortSignal): Promise<NoticeItem> {
  return fetchApi(
    apiPaths.notices.noticeById,
    { query: { id }, signal },
    checkedBy((contracts) => contracts.noticeItemSchema),
  );
}

export const noticeItemKey = (id: string) => [...NOTICES_KEY, 'item', id] as const;

export function useNotice(id: string) {
  return useQuery({
    queryKey: noticeItemKey(id),
    queryFn: ({ signal }) => getNotice(id, signal),
    retry: retryUnlessRefused,
    enabled: id !== '',
  });
}
