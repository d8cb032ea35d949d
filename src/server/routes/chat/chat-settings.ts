import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths } from '../../../common/api-paths.js';
import { chatClientSettingsSchema } from '../../../common/contracts/chat.js';

/**
 * `GET /api/chat/settings`: which chat `/chatbot` shows (the built-in assistant or the Intercom Messenger with
 * its public app id). A call of its own rather than a field of `/api/zendesk/me` or of the server render: the
 * page reads the token from the tab's session (so `/me` is not always asked), and an in-app navigation to
 * `/chatbot` gets no render; this call is asked during the chat's delay anyway. Public settings only, the
 * same for everyone, so no session is needed.
 */
export const chatSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    apiPaths.chat.settings,
    {
      schema: {
        tags: ['chat'],
        summary: 'Which chat /chatbot shows, with its public settings',
        response: { 200: chatClientSettingsSchema },
      },
    },
    async (_request, reply) => {
      // A new deployment may switch the chat; the browser asks again each time the page opens.
      reply.header('cache-control', 'no-cache');
      return app.connectors.chat.clientSettings();
    },
  );
};
