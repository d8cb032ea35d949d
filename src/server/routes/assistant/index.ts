import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { assistantConversationRoutes } from './conversations.js';
import { assistantMessageRoutes } from './messages.js';

/** The assistant: questions, and the user's conversations. */
export const assistantRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(assistantMessageRoutes);
  await app.register(assistantConversationRoutes);
};
