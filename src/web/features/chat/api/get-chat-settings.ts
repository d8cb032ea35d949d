import { useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../../common/api-paths';
import { chatClientSettingsSchema } from '../../../../common/contracts/chat';
import { fetchApi, retryUnlessRefused } from '../../../lib/api-client';

/** `GET /api/chat/settings`: which chat `/chatbot` shows; asked while the chat update delay runs. */
export function useChatSettings() {
  return useQuery({
    queryKey: ['chat', 'settings'],
    queryFn: ({ signal }) =>
      fetchApi(apiPaths.chat.settings, { signal }, (body) => chatClientSettingsSchema.parse(body)),
    retry: retryUnlessRefused,
  });
}
