import { useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../../common/api-paths';
import type { ImageFiles } from '../../../../common/contracts/downloads';
import { fetchApi, retryUnlessRefused } from '../../../lib/api-client';
import { checkedBy, DOWNLOADS_KEY } from '../lib/download-contracts';

/** `POST /api/downloads/list-image-files`: the images with their sizes, SHA-256 and checksum files. */
function listImageFiles(userId: string, signal?: AbortSignal): Promise<ImageFiles> {
  return fetchApi(
    apiPaths.downloads.listImageFiles,
    { method: 'POST', json: { userId }, signal },
    checkedBy((contracts) => contracts.imageFilesSchema),
  );
}

export function useImageFiles(userId: string) {
  return useQuery({
    queryKey: [...DOWNLOADS_KEY, 'images', userId] as const,
    queryFn: ({ signal }) => listImageFiles(userId, signal),
    retry: retryUnlessRefused,
  });
}
