import { useMutation } from '@tanstack/react-query';
import { apiPaths } from '../../../../common/api-paths';
import type { DownloadRequest } from '../../../../common/contracts/downloads';
import { fetchApi } from '../../../lib/api-client';
import { checkedBy } from '../lib/download-contracts';

/** `POST /api/downloads/download`: the signed link of one file (the server records the download first). */
function requestDownload(body: DownloadRequest): Promise<{ url: string }> {
  return fetchApi(
    apiPaths.downloads.download,
    { method: 'POST', json: body },
    checkedBy((contracts) => contracts.downloadUrlSchema),
  );
}

export function useRequestDownload() {
  return useMutation({ mutationFn: requestDownload });
}
