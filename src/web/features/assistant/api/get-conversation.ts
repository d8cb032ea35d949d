import { useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../../common/api-paths';
import { conversationSchema } from '../../../../common/contracts/assistant';
import { fetchApi, retryUnlessRefused } from '../../../lib/api-client';
import { conversationKey } from '../lib/conversation-cache';

/** `GET /api/assistant/conversations/:id`: one of the user's conversations with its messages (none: no call). */
export function useConversation(id: string | null) {
  return useQuery({
    queryKey: conversationKey(id ?? ''),
    queryFn: ({ signal }) =>
      fetchApi(
        apiPaths.assistant.conversation.replace(':id', encodeURIComponent(id ?? '')),
        { signal },
        (body) => conversationSchema.parse(body),
      ),
    enabled: id !== null,
    retry: retryUnlessRefused,
    // The answers asked here are written into the cache as they come (ask-assistant.ts).
    staleTime: 60_000,
  });
}
