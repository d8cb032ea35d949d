import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths } from '../../../common/api-paths.js';
import {
  conversationIdParamsSchema,
  conversationListSchema,
  conversationSchema,
} from '../../../common/contracts/assistant.js';
import { authorize, refusalSchemas, sessionOf } from '../../plugins/guards.js';
import { presentConversation, presentConversationSummary } from '../../presenters/assistant.js';
import {
  conversationMessages,
  findConversation,
  listConversations,
} from '../../services/assistant/conversations.js';

/** The signed-in user's assistant conversations: the list, and one with its messages. */
export const assistantConversationRoutes: FastifyPluginAsyncZod = async (app) => {
  const signedIn = authorize('useChat');

  app.get(
    apiPaths.assistant.conversations,
    {
      onRequest: signedIn,
      schema: {
        tags: ['assistant'],
        summary: 'Your assistant conversations',
        description:
          'Latest first; a conversation is deleted `assistant.conversationRetentionDays` after its last question.',
        response: { 200: conversationListSchema, ...refusalSchemas() },
      },
    },
    async (request, reply) => {
      const { user } = sessionOf(request);
      const conversations = await listConversations(app.assistant.conversations, user.id);
      reply.header('cache-control', 'no-store');
      return { conversations: conversations.map(presentConversationSummary) };
    },
  );

  app.get(
    apiPaths.assistant.conversation,
    {
      onRequest: signedIn,
      schema: {
        tags: ['assistant'],
        summary: 'One of your assistant conversations, with its messages',
        description: "Another user's conversation is the same 404 as a missing one.",
        params: conversationIdParamsSchema,
        response: { 200: conversationSchema, ...refusalSchemas() },
      },
    },
    async (request, reply) => {
      const { user } = sessionOf(request);
      const options = app.assistant.conversations;
      const conversation = await findConversation(options, user.id, request.params.id);
      const messages = await conversationMessages(options, conversation.id);
      reply.header('cache-control', 'no-store');
      return { conversation: presentConversation(conversation, messages) };
    },
  );
};
