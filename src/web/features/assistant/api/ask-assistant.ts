import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiPaths } from '../../../../common/api-paths';
import {
  assistantAnswerTextEventSchema,
  assistantDoneEventSchema,
  assistantPassagesEventSchema,
  type AssistantAnswer,
  type AssistantMessageBody,
  type AssistantPassage,
} from '../../../../common/contracts/assistant';
import { apiErrorSchema } from '../../../../common/contracts/api-error';
import { ApiError, openApiStream } from '../../../lib/api-client';
import { readEventStream } from '../../../lib/read-event-stream';
import { conversationKey, conversationsKey, withAnswer, type Conversation } from '../lib/conversation-cache';

/** What of an answer has arrived while it is still coming: the passages, then the answer's text so far. */
export interface AnswerSoFar {
  passages: AssistantPassage[];
  text: string;
}

/**
 * Asks as server-sent events (`passages`, `answer` pieces, `done`; routes/assistant/messages.ts), reporting
 * what has arrived as it arrives. Answers the whole answer; an event off its contract is a 502.
 */
async function askStreamed(
  body: AssistantMessageBody,
  onProgress: (soFar: AnswerSoFar) => void,
): Promise<AssistantAnswer> {
  const response = await openApiStream(apiPaths.assistant.messages, { method: 'POST', json: body });
  const soFar: AnswerSoFar = { passages: [], text: '' };
  const ended: { done?: Omit<AssistantAnswer, 'passages'> } = {};
  await readEventStream(response, ({ event, data }) => {
    const value: unknown = JSON.parse(data);
    if (event === 'passages') {
      soFar.passages = assistantPassagesEventSchema.parse(value).passages;
    } else if (event === 'answer') {
      soFar.text += assistantAnswerTextEventSchema.parse(value).text;
    } else if (event === 'done') {
      ended.done = assistantDoneEventSchema.parse(value);
      return;
    } else if (event === 'error') {
      throw new ApiError(500, apiErrorSchema.safeParse(value).data?.message);
    } else {
      return;
    }
    onProgress({ ...soFar });
  }).catch((error: unknown) => {
    throw error instanceof ApiError ? error : new ApiError(502, undefined);
  });
  // A stream that ends without its last event was cut off on the way.
  if (!ended.done) throw new ApiError(0, undefined);
  return { ...ended.done, passages: soFar.passages };
}

/**
 * `POST /api/assistant/messages`: a question, answered with passages and, with a model on the server, a
 * written answer that streams in. `soFar` is what has arrived of the answer being asked (null before anything
 * has); once done, the answer goes into the conversation's cached messages (the panel shows them from there)
 * and the list of conversations is read again.
 */
export function useAskAssistant() {
  const queryClient = useQueryClient();
  const [soFar, setSoFar] = useState<AnswerSoFar | null>(null);
  const mutation = useMutation({
    mutationFn: (body: AssistantMessageBody) => {
      setSoFar(null);
      return askStreamed(body, setSoFar);
    },
    onSuccess: (answer, body) => {
      const key = conversationKey(answer.conversationId);
      queryClient.setQueryData<{ conversation: Conversation }>(key, (cached) => ({
        conversation: withAnswer(cached?.conversation, body.text, answer),
      }));
      return queryClient.invalidateQueries({ queryKey: conversationsKey });
    },
    onSettled: () => setSoFar(null),
  });
  return { ...mutation, soFar };
}
