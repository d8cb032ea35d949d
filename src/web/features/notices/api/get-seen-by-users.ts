import { useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../../common/api-paths';
import type { SeenByList } from '../../../../common/contracts/notices';
import { fetchApi, retryUnlessRefused } from '../../../lib/api-client';
import { checkedBy, NOTICES_KEY } from '../lib/notice-contracts';

/** `GET api/noticesModule/seen-by-users?id=` (admins): who read the notice. */
function getSeenByUsers(id: string, signal?: AbortSignal): Promise<SeenByList> {
  return fetchApi(
    apiPaths.notices.seenByUsers,
    { query: { id }, signal },
    checkedBy((contracts) => contracts.seenByListSchema),
  );
}

export const seenByUsersKey = (id: string) => [...NOTICES_KEY, 'seen-by', id] as const;

export function useSeenByUsers(id: string) {
  return useQuery({
    queryKey: seenByUsersKey(id),
    queryFn: ({ signal }) => getSeenByUsers(id, signal),
    retry: retryUnlessRefused,
    enabled: id !== '',
  });
}
