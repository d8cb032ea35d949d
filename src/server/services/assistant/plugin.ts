import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AssistantOptions } from './assistant.js';
import type { ConversationOptions } from './conversations.js';
import { everydayWords } from '../../lib/fulltext/everyday-words.js';
import { keepTermRarity, readTermRarity } from './term-rarity.js';

/** What the assistant's calls need, built once. */
export interface AssistantArea {
  /**
   * What the assistant's calls take first (services/assistant/assistant.ts): the search, the connectors that
   * read whole items, the conversations, and the model that writes answers (when one is configured).
   */
  options: AssistantOptions;
  /**
   * What the conversation calls take first (services/assistant/conversations.ts): the users' conversations
   * with the assistant (a ticket opened from one carries it too).
   */
  conversations: ConversationOptions;
}

declare module 'fastify' {
  interface FastifyInstance {
    assistant: AssistantArea;
  }
}

async function assistantPlugin(app: FastifyInstance): Promise<void> {
  const conversations: ConversationOptions = {
    db: app.db,
    retentionDays: app.portalConfig.assistant.conversationRetentionDays,
    now: () => new Date(),
  };
  // How many items of the help content hold each word stem: read once, kept until the content is loaded again.
  const termRarity = keepTermRarity(() =>
    readTermRarity([app.connectors.knowledgeBase, app.connectors.docs, app.connectors.community]),
  );
  app.onContentLoaded(termRarity.forget);
  app.decorate('assistant', {
    conversations,
    options: {
      search: app.searches.service,
      readers: app.connectors,
      synonyms: app.searchSynonyms,
      conversations,
      model: app.connectors.model,
      productName: app.portalConfig.product.name,
      log: app.log,
      termRarity: termRarity.get,
      everyday: everydayWords,
    },
  } satisfies AssistantArea);
}

export default fp(assistantPlugin, { name: 'assistant', dependencies: ['foundation', 'search'] });
