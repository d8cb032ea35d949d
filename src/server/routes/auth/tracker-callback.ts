import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths } from '../../../common/api-paths.js';
import { apiErrorSchema } from '../../../common/contracts/api-error.js';
import { oauthCallbackQuerySchema, trackerAuthenticateOkSchema } from '../../../common/contracts/auth.js';
import { authorize, logoutAnswerSchema, requireSession, sessionOf } from '../../plugins/guards.js';
import { requestOrigin } from '../../plugins/origin.js';
import { refuseCrossSiteGet } from '../../plugins/same-origin.js';
import { clearFlowCookie, readFlowToken, readSessionToken } from '../../plugins/sessions.js';
import { completeTrackerAuthorization } from '../../services/auth/tracker-authorization.js';

/** `GET /api/jira/authenticateCode`: the ticketing system's answer to `/jiraAuth` (agents and admins). */
export const trackerCallbackRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    apiPaths.tracker.authenticateCode,
    {
      // The grant is an agent's: a customer is refused before the code is read.
      onRequest: [refuseCrossSiteGet, requireSession, authorize('searchTickets')],
      schema: {
        tags: ['auth'],
        summary: 'Complete the ticketing system authorization',
        description:
          'The page at /code forwards `code` and `state`; the session is then tracker-authorized. 401 ' +
          "`{event: 'logout'}` without a session.",
        querystring: oauthCallbackQuerySchema,
        response: {
          200: trackerAuthenticateOkSchema,
          400: apiErrorSchema,
          401: logoutAnswerSchema.or(apiErrorSchema),
          403: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const result = await completeTrackerAuthorization(app.auth, sessionOf(request), {
        flowToken: readFlowToken(request, app.env),
        code: request.query.code,
        state: request.query.state,
        origin: requestOrigin(request, app.env),
      });
      clearFlowCookie(reply, request, app.env);
      // The session row now says tracker-authorized: the kept copy must not answer otherwise.
      const token = readSessionToken(request, app.env);
      if (token) app.sessions.forget(token);
      return result;
    },
  );
};
