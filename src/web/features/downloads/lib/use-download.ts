import { useState } from 'react';
import type { DownloadFileType } from '../../../../common/downloads';
import { ApiError, unreachableMessage } from '../../../lib/api-client';
import { useRequestDownload } from '../api/request-download';
import type { Destination } from './destination';
import type { DownloadUser } from '../components/download-access';

function messageOf(error: unknown): string {
  if (error instanceof ApiError && error.status === 0) {
    return unreachableMessage();
  }
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.code) return error.code;
  return 'The download could not be started. Please try again later.';
}

/**
 * Starts a download (spec section 7: the signed link opens in a new tab). The tab is opened at the click,
 * while the browser still counts it as the user's (a tab opened after the call returns would be blocked as
 * a pop-up), then sent to the link; a refused call closes it and says why (the brief: no silent failure).
 */
export function useDownload(user: DownloadUser, destination: Destination) {
  const mutation = useRequestDownload();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState<string | null>(null);

  const start = (fileType: DownloadFileType, fileName: string) => {
    setError(null);
    setPending(fileName);
    const tab = window.open('', '_blank');
    if (tab) tab.opener = null;
    mutation.mutate(
      { ...destination, fileType, fileName, user: user.name, email: user.email },
      {
        onSuccess: ({ url }) => {
          if (tab) tab.location.href = url;
          else window.location.assign(url);
        },
        onError: (failure) => {
          tab?.close();
          setError(messageOf(failure));
        },
        onSettled: () => setPending(null),
      },
    );
  };

  return { start, error, pending };
}
