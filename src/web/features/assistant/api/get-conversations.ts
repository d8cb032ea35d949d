import { useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../../common/api-paths';
import { conversationListSchema } from '../../../../common/contracts/assistant';
import { fetchApi, retryUnlessRefused } from '../../../lib/api-client';
import { conversationsKey } from '../lib/conversation-cache';

/** `GET /api/assistant/conversations`: the user's conversations, latest first. */
export function useConversations() {
  return useQuery({
    queryKey: conversationsKey,
    queryFn: ({ signal }) =>
      fetchApi(apiPaths.assistant.conversations, { signal }, (body) => conversationListSchema.parse(body)),
    retry: retryUnlessRefused,
  });
}
