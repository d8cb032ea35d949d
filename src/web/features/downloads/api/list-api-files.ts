import { useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../../common/api-paths';
import { fetchApi, retryUnlessRefused } from '../../../lib/api-client';
import { checkedBy, DOWNLOADS_KEY } from '../lib/download-contracts';

/** `POST /api/downloads/list-api-files`: the Postman collections (`collectionFiles`). */
function listApiFiles(userId: string, signal?: AbortSignal) {
  return fetchApi(
    apiPaths.downloads.listApiFiles,
    { method: 'POST', json: { userId }, signal },
    checkedBy((contracts) => contracts.collectionFilesSchema),
  );
}

export const apiFilesKey = (userId: string) => [...DOWNLOADS_KEY, 'collections', userId] as const;

export function useApiFiles(userId: string, enabled: boolean) {
  return useQuery({
    queryKey: apiFilesKey(userId),
    queryFn: ({ signal }) => listApiFiles(userId, signal),
    retry: retryUnlessRefused,
    enabled,
  });
}
