import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { chatSettingsRoutes } from './chat-settings.js';

/** Which chat runs on /chatbot. */
export const chatRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(chatSettingsRoutes);
};
