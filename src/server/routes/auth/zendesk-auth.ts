import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '../../../common/contracts/api-error.js';
import {
  authCodeGrantOkSchema,
  authenticateApiRequestSchema,
  authenticateOkSchema,
  authErrorSchema,
  createUserApiRequestSchema,
  meResponseSchema,
  oauthCallbackQuerySchema,
  statusOkSchema,
} from '../../../common/contracts/auth.js';
import { requestOrigin } from '../../plugins/origin.js';
import { authRateLimit } from '../../plugins/rate-limits.js';
import {
  clearFlowCookie,
  readFlowToken,
  readSessionToken,
  setSessionCookie,
} from '../../plugins/sessions.js';
import { presentAuthenticated, presentMe, presentSignedIn } from '../../presenters/auth.js';
import { authenticateWithPassword } from '../../services/auth/agent-sign-in.js';
import { completeHelpdeskSignIn } from '../../services/auth/helpdesk-sign-in.js';
import { createHelpdeskUser } from '../../services/auth/signup-customer.js';
import { logoutAnswerSchema, sendLogoutEvent } from './session-guard.js';

const authCodeGrantQuerySchema = oauthCallbackQuerySchema.pick({ code: true, state: true });

/**
 * The help-desk side of sign-in (paths fixed by the spec: `/api/zendesk/...`): createUser, authCodeGrant, the
 * agent credential form, and `me`.
 */
export const zendeskAuthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/createUser',
    {
      config: { rateLimit: authRateLimit(app.env) },
      schema: {
        tags: ['auth'],
        summary: 'Create the help-desk user of a customer who just signed up',
        description:
          '409 EMAIL_EXISTS when the help desk already has the address; 404 USER_NOT_EXISTS when the portal has no such customer.',
        body: createUserApiRequestSchema,
        response: {
          200: statusOkSchema,
          400: apiErrorSchema,
          404: authErrorSchema,
          409: authErrorSchema,
          429: authErrorSchema,
        },
      },
    },
    async (request) => {
      await createHelpdeskUser({
        db: app.db,
        helpdesk: app.connectors.helpdesk,
        email: request.body.user.email,
      });
      return { status: 'OK' as const };
    },
  );

  app.post(
    '/authCodeGrant',
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
      const signedIn = await completeHelpdeskSignIn({
        db: app.db,
        helpdesk: app.connectors.helpdesk,
        flowToken: readFlowToken(request, app.env),
        code: request.query.code,
        state: request.query.state,
        origin: requestOrigin(request, app.env),
        policy: app.sessionPolicy,
        currentSessionToken: readSessionToken(request, app.env),
      });
      setSessionCookie(reply, request, app.env, signedIn.sessionToken, app.sessionPolicy);
      clearFlowCookie(reply, request, app.env);
      return presentSignedIn(signedIn, app.connectors.chat);
    },
  );

  app.post(
    '/authenticate',
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
      const signedIn = await authenticateWithPassword({
        db: app.db,
        email: request.body.user,
        password: request.body.pass,
        policy: app.sessionPolicy,
        currentSessionToken: readSessionToken(request, app.env),
      });
      setSessionCookie(reply, request, app.env, signedIn.sessionToken, app.sessionPolicy);
      return presentAuthenticated(signedIn, app.connectors.chat);
    },
  );

  app.get(
    '/me',
    {
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user, with a fresh chat JWT',
        description: "401 `{event: 'logout'}` when there is no live session: the app then logs the user out.",
        response: { 200: meResponseSchema, 401: logoutAnswerSchema },
      },
    },
    async (request, reply) => {
      if (!request.user || !request.session) return sendLogoutEvent(reply);
      reply.header('cache-control', 'no-store');
      return presentMe(request.user, request.session, app.connectors.chat);
    },
  );
};
