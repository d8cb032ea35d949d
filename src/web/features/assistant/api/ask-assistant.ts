import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../../common/api-paths';
import { assistantAnswerSchema, type AssistantMessageBody } from '../../../../common/contracts/assistant';
import { fetchApi } from '../../../lib/api-client';
import { conversationKey, conversationsKey, withAnswer, type Conversation } from '../lib/conversation-cache';

/**
 * `POST /api/assistant/messages`: a question, answered with passages. The answer goes into the conversation's
 * cached messages (the panel shows them from there) and the list of conversations is read again.
 */
export function useAskAssistant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AssistantMessageBody) =>
      fetchApi(apiPaths.assistant.messages, { method: 'POST', json: body }, (answer) =>
        assistantAnswerSchema.parse(answer),
      ),
    onSuccess: (answer, body) => {
      const key = conversationKey(answer.conversationId);
      queryClient.setQueryData<{ conversation: Conversation }>(key, (cached) => ({
        conversation: withAnswer(cached?.conversation, body.text, answer),
      }));
      return queryClient.invalidateQueries({ queryKey: conversationsKey });
    },
  });
}
