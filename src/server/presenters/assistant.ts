import type { ConversationMessage, ConversationSummary } from '../../common/contracts/assistant.js';
import type { AssistantMessageRow } from '../db/schema/index.js';
import type { ConversationSummary as ConversationRow } from '../services/assistant/conversations.js';

export function presentConversationSummary(row: ConversationRow): ConversationSummary {
  return { id: row.id, title: row.title, updatedAt: row.updatedAt.toISOString() };
}

function presentMessage(row: AssistantMessageRow): ConversationMessage {
  return {
    id: row.id,
    role: row.role,
    text: row.text,
    passages: row.passages,
    confident: row.confident,
    createdAt: row.createdAt.toISOString(),
  };
}

export function presentConversation(row: ConversationRow, messages: readonly AssistantMessageRow[]) {
  return { ...presentConversationSummary(row), messages: messages.map(presentMessage) };
}
