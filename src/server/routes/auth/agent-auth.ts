import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '../../../common/contracts/api-error.js';
import {
  azureAdAuthenticateOkSchema,
  oauthCallbackQuerySchema,
  statusOkSchema,
  trackerAuthenticateOkSchema,
} from '../../../common/contracts/auth.js';
import { requestOrigin } from '../../plugins/origin.js';
import { refuseCrossSiteGet } from '../../plugins/same-origin.js';
import {
  clearFlowCookie,
  clearSessionCookie,
  readFlowToken,
  readSessionToken,
  setFlowCookie,
  setSessionCookie,
} from '../../plugins/sessions.js';
import { presentSignedIn } from '../../presenters/auth.js';
import { beginOidcSignIn, completeOidcSignIn } from '../../services/auth/agent-sign-in.js';
import { deleteSession } from '../../services/auth/sessions.js';
import { completeTrackerAuthorization } from '../../services/auth/tracker-authorization.js';
import { logoutAnswerSchema, sendLogoutEvent } from './session-guard.js';

function definedParams(query: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}

/** `/api/azureAD/...` (paths fixed by the spec): the corporate popup sign-in and the agent logout. */
export const azureAdRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Start the corporate popup sign-in',
        description: 'Redirects (302) to the identity provider; 404 when none is configured.',
        response: { 404: apiErrorSchema, 503: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { flowToken, location } = await beginOidcSignIn({
        db: app.db,
        identity: app.connectors.identity,
        origin: requestOrigin(request, app.env),
        replacesFlowToken: readFlowToken(request, app.env),
      });
      setFlowCookie(reply, request, app.env, flowToken);
      return reply.header('cache-control', 'no-store').redirect(location, 302);
    },
  );

  app.get(
    '/authenticateCode',
    {
      preHandler: refuseCrossSiteGet,
      schema: {
        tags: ['auth'],
        summary: 'Complete the corporate popup sign-in',
        description:
          'The page at /login/callback forwards the query (code, state, iss). Issuer, audience, nonce, state ' +
          'and PKCE are checked; the address must be corporate. Sets the session cookie (auth level azureAD); ' +
          'the help-desk step follows at `redirect`. A GET because the spec fixes it; state, PKCE and the ' +
          'flow cookie make it unusable cross-site.',
        querystring: oauthCallbackQuerySchema,
        response: {
          200: azureAdAuthenticateOkSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          503: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const signedIn = await completeOidcSignIn({
        db: app.db,
        identity: app.connectors.identity,
        flowToken: readFlowToken(request, app.env),
        callbackParams: definedParams(request.query),
        origin: requestOrigin(request, app.env),
        corporateEmailDomain: app.portalConfig.support.corporateEmailDomain,
        policy: app.sessionPolicy,
        currentSessionToken: readSessionToken(request, app.env),
      });
      setSessionCookie(reply, request, app.env, signedIn.sessionToken, app.sessionPolicy);
      clearFlowCookie(reply, request, app.env);
      reply.header('cache-control', 'no-store');
      return presentSignedIn(signedIn, app.connectors.chat);
    },
  );

  app.get(
    '/logoutAzureAD',
    {
      preHandler: refuseCrossSiteGet,
      schema: {
        tags: ['auth'],
        summary: 'Agent logout',
        description:
          "Deletes the caller's own session and clears the cookie. A GET because the spec fixes it; it only " +
          "ever deletes the caller's session, so repeating it is harmless, and cross-site requests are refused.",
        response: { 200: statusOkSchema, 403: apiErrorSchema },
      },
    },
    async (request, reply) => signOut(app, request, reply),
  );
};

/** Both logouts (spec section 7): delete the caller's own session, if any, and clear the cookies. */
async function signOut(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
  const token = readSessionToken(request, app.env);
  if (token) await deleteSession({ db: app.db, token });
  clearSessionCookie(reply, request, app.env);
  clearFlowCookie(reply, request, app.env);
  return { status: 'OK' as const };
}

/** `POST /api/aggregator/logoutCustomer`: customer logout. */
export const customerLogoutRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/logoutCustomer',
    {
      schema: {
        tags: ['auth'],
        summary: 'Customer logout',
        description: "Deletes the caller's session and clears the cookie; answers OK also without one.",
        response: { 200: statusOkSchema, 403: apiErrorSchema },
      },
    },
    async (request, reply) => signOut(app, request, reply),
  );
};

/** `GET /api/jira/authenticateCode`: the ticketing system's answer to `/jiraAuth`. */
export const trackerCallbackRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/authenticateCode',
    {
      preHandler: refuseCrossSiteGet,
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
        },
      },
    },
    async (request, reply) => {
      if (!request.user || !request.session) return sendLogoutEvent(reply);
      const result = await completeTrackerAuthorization({
        db: app.db,
        tracker: app.connectors.tracker,
        current: { user: request.user, session: request.session },
        flowToken: readFlowToken(request, app.env),
        code: request.query.code,
        state: request.query.state,
        origin: requestOrigin(request, app.env),
      });
      clearFlowCookie(reply, request, app.env);
      return result;
    },
  );
};
