import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../../common/api-paths';
import type { ContentSourceName, ContentSyncList } from '../../../../common/contracts/content-sync';
import { fetchApi } from '../../../lib/api-client';
import { checkedBy, CONTENT_SYNC_KEY } from '../lib/content-sync-contracts';

/** `POST /api/admin/content-sync/:source` ("Sync now", admins): 202 with the status, the source running. */
function startContentSync(source: ContentSourceName): Promise<ContentSyncList> {
  return fetchApi(
    apiPaths.admin.contentSyncSource.replace(':source', encodeURIComponent(source)),
    { method: 'POST', json: {} },
    checkedBy((contracts) => contracts.contentSyncListSchema),
  );
}

/**
 * "Sync now" of one source. The answer is the new status (the page then polls while it runs); a refusal (409
 * running already, 429 too many) asks for the status again too, since it may have changed meanwhile.
 */
export function useStartContentSync() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startContentSync,
    onSuccess: (status) => queryClient.setQueryData(CONTENT_SYNC_KEY, status),
    onError: () => queryClient.invalidateQueries({ queryKey: CONTENT_SYNC_KEY }),
  });
}
