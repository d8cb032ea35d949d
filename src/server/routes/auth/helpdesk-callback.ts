import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths } from '../../../common/api-paths.js';
import { apiErrorSchema } from '../../../common/contracts/api-error.js';
import { authCodeGrantOkSchema, oauthCallbackQuerySchema } from '../../../common/contracts/auth.js';
import { requestOrigin } from '../../plugins/origin.js';
import { clearFlowCookie, readFlowToken, signInWithCookie } from '../../plugins/sessions.js';
import { presentSignedIn } from '../../presenters/auth.js';
import { completeHelpdeskSignIn } from '../../services/auth/helpdesk-sign-in.js';

const authCodeGrantQuerySchema = oauthCallbackQuerySchema.pick({ code: true, state: true });

/** The help desk's answer to `/zendeskInitAuth`: the code is exchanged and the customer (or agent) signed in. */
export const helpdeskCallbackRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    apiPaths.helpdesk.authCodeGrant,
    {
      schema: {
        tags: ['auth'],
        summary: 'Complete the help-desk authorization and sign in',
        description:
          "The page at /zendeskAuth forwards `code` and `state`. The state must be the one of this browser's " +
          "flow cookie; the code is exchanged with the flow's PKCE verifier. Sets the session cookie. A " +
          'customer who gave a Controller ID or Customer ID at login gets it on file now; 403 when it no longer ' +
          'passes the checks or another ID was filed meanwhile.',
        querystring: authCodeGrantQuerySchema,
        response: {
          200: authCodeGrantOkSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const signedIn = await signInWithCookie(app, request, reply, (currentSessionToken) =>
        completeHelpdeskSignIn(app.auth, {
          flowToken: readFlowToken(request, app.env),
          code: request.query.code,
          state: request.query.state,
          origin: requestOrigin(request, app.env),
          currentSessionToken,
        }),
      );
      clearFlowCookie(reply, request, app.env);
      return presentSignedIn(signedIn, app.connectors.chat);
    },
  );
};
