import { useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../../common/api-paths';
import type { ContentSyncList } from '../../../../common/contracts/content-sync';
import { fetchApi, retryUnlessRefused } from '../../../lib/api-client';
import { checkedBy, CONTENT_SYNC_KEY } from '../lib/content-sync-contracts';

/** How often the page asks again while a source is syncing. */
export const RUNNING_POLL_MS = 2_000;

/** `GET /api/admin/content-sync` (admins): where each vendor feed's sync stands. */
function getContentSync(signal?: AbortSignal): Promise<ContentSyncList> {
  return fetchApi(
    apiPaths.admin.contentSync,
    { signal },
    checkedBy((contracts) => contracts.contentSyncListSchema),
  );
}

/** The status, asked again every {@link RUNNING_POLL_MS} while any source is running. */
export function useContentSync() {
  return useQuery({
    queryKey: CONTENT_SYNC_KEY,
    queryFn: ({ signal }) => getContentSync(signal),
    // The server render's answer is not asked again as the page starts.
    staleTime: 30_000,
    retry: retryUnlessRefused,
    refetchInterval: (query) =>
      query.state.data?.sources.some((source) => source.running) ? RUNNING_POLL_MS : false,
  });
}
