import { useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../../common/api-paths';
import { fetchApi, retryUnlessRefused } from '../../../lib/api-client';
import { lazyContracts } from '../../../lib/lazy-contracts';

/** The chat contracts (and zod) load with the first call: a signed-in render of /chatbot holds the answer. */
const checkedBy = lazyContracts(() => import('../../../../common/contracts/chat'));

export const chatSettingsKey = ['chat', 'settings'] as const;

/** `GET /api/chat/settings`: which chat `/chatbot` shows; in its signed-in render, else asked during the delay. */
export function useChatSettings() {
  return useQuery({
    queryKey: chatSettingsKey,
    queryFn: ({ signal }) =>
      fetchApi(
        apiPaths.chat.settings,
        { signal },
        checkedBy((contracts) => contracts.chatClientSettingsSchema),
      ),
    retry: retryUnlessRefused,
  });
}
