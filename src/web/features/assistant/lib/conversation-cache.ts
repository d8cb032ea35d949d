import type {
  AssistantAnswer,
  ConversationMessage,
  ConversationSummary,
} from '../../../../common/contracts/assistant';

/** One conversation with its messages, as `GET /api/assistant/conversations/:id` answers it. */
export type Conversation = ConversationSummary & { messages: ConversationMessage[] };

/** Every assistant query starts with this key. */
export const ASSISTANT_KEY = ['assistant'] as const;
export const conversationsKey = [...ASSISTANT_KEY, 'conversations'] as const;
export const conversationKey = (id: string) => [...ASSISTANT_KEY, 'conversation', id] as const;

/**
 * Ids for the messages of an answer until the conversation is read again from the server: negative, so they
 * never meet a stored message's serial id.
 */
let localId = 0;
const nextLocalId = () => (localId -= 1);

/**
 * The conversation once `question` got `answer`: the panel shows what the server stored without reading it
 * again (a first question starts the conversation, titled by it, as the server titles it).
 */
export function withAnswer(
  conversation: Conversation | undefined,
  question: string,
  answer: AssistantAnswer,
  now = new Date().toISOString(),
): Conversation {
  const asked: ConversationMessage = {
    id: nextLocalId(),
    role: 'user',
    text: question,
    passages: [],
    confident: null,
    createdAt: now,
  };
  const answered: ConversationMessage = {
    id: nextLocalId(),
    role: 'assistant',
    text: answer.answer ?? '',
    passages: answer.passages,
    confident: answer.confident,
    createdAt: now,
  };
  return {
    id: answer.conversationId,
    title: conversation?.title ?? question,
    updatedAt: now,
    messages: [...(conversation?.messages ?? []), asked, answered],
  };
}

/** The question an answer answers: the user's message before it. */
export function questionBefore(messages: readonly ConversationMessage[], index: number): string {
  for (let at = index - 1; at >= 0; at -= 1) {
    const message = messages[at];
    if (message?.role === 'user') return message.text;
  }
  return '';
}
