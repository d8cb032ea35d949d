import type { FastifyInstance } from 'fastify';
import type { AssistantDeps } from '../../services/assistant/assistant.js';
import type { ConversationStore } from '../../services/assistant/conversations.js';

export function conversationStore(app: FastifyInstance): ConversationStore {
  return {
    db: app.db,
    retentionDays: app.portalConfig.assistant.conversationRetentionDays,
    now: () => new Date(),
  };
}

/**
 * What the assistant service needs: the search, the connectors that read whole items, the conversations, and the
 * model that writes answers (when one is configured).
 */
export function assistantDeps(app: FastifyInstance): AssistantDeps {
  return {
    search: app.searchService,
    readers: app.connectors,
    synonyms: app.searchSynonyms,
    conversations: conversationStore(app),
    model: app.connectors.model,
    productName: app.portalConfig.product.name,
    log: app.log,
    termRarity: app.termRarity,
  };
}
