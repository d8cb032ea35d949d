import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths } from '../../../common/api-paths.js';
import { meResponseSchema } from '../../../common/contracts/auth.js';
import { logoutAnswerSchema, requireSession, sessionOf } from '../../plugins/guards.js';
import { presentMe } from '../../presenters/auth.js';

/** `GET /api/zendesk/me`: who is signed in, with a fresh chat token; the app checks it on every start. */
export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    apiPaths.helpdesk.me,
    {
      onRequest: requireSession,
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user, with a fresh chat JWT',
        description: "401 `{event: 'logout'}` when there is no live session: the app then logs the user out.",
        response: { 200: meResponseSchema, 401: logoutAnswerSchema },
      },
    },
    async (request, reply) => {
      const { user, session } = sessionOf(request);
      reply.header('cache-control', 'no-store');
      return presentMe(user, session, app.connectors.chat);
    },
  );
};
