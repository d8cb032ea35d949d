import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths } from '../../../common/api-paths.js';
import { apiErrorSchema } from '../../../common/contracts/api-error.js';
import {
  authenticateApiRequestSchema,
  authenticateOkSchema,
  authErrorSchema,
} from '../../../common/contracts/auth.js';
import { authRateLimit } from '../../plugins/rate-limits.js';
import { signInWithCookie } from '../../plugins/sessions.js';
import { presentAuthenticated } from '../../presenters/auth.js';
import { authenticateWithPassword } from '../../services/auth/agent-sign-in.js';

/** Agent and admin sign-in with the credential form (`/api/zendesk/authenticate`, the path the spec fixes). */
export const agentPasswordRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    apiPaths.helpdesk.authenticate,
    {
      config: { rateLimit: authRateLimit(app.env) },
      schema: {
        tags: ['auth'],
        summary: 'Agent and admin sign-in with the credential form',
        description: "401 with the message 'Credentials are invalid.' when the user or password is wrong.",
        body: authenticateApiRequestSchema,
        response: {
          200: authenticateOkSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          429: authErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const signedIn = await signInWithCookie(app, request, reply, (currentSessionToken) =>
        authenticateWithPassword(app.auth, {
          email: request.body.user,
          password: request.body.pass,
          currentSessionToken,
        }),
      );
      return presentAuthenticated(signedIn, app.connectors.chat);
    },
  );
};
