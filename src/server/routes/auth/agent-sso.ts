import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths } from '../../../common/api-paths.js';
import { apiErrorSchema } from '../../../common/contracts/api-error.js';
import {
  authProvidersSchema,
  azureAdAuthenticateOkSchema,
  oauthCallbackQuerySchema,
} from '../../../common/contracts/auth.js';
import { requestOrigin } from '../../plugins/origin.js';
import { refuseCrossSiteGet } from '../../plugins/same-origin.js';
import { clearFlowCookie, readFlowToken, setFlowCookie, signInWithCookie } from '../../plugins/sessions.js';
import { presentSignedIn } from '../../presenters/auth.js';
import { beginOidcSignIn, completeOidcSignIn } from '../../services/auth/agent-sign-in.js';

function definedParams(query: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}

/**
 * Agent sign-in through the corporate identity provider (the spec's `azureAD`), in a popup: whether it is
 * offered, its start, and the callback that signs the agent in.
 */
export const agentSsoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    apiPaths.auth.providers,
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign-in methods this portal offers',
        response: { 200: authProvidersSchema },
      },
    },
    async () => ({ oidc: app.connectors.identity.enabled }),
  );

  app.get(
    apiPaths.identity.login,
    {
      schema: {
        tags: ['auth'],
        summary: 'Start the corporate popup sign-in',
        description: 'Redirects (302) to the identity provider; 404 when none is configured.',
        response: { 404: apiErrorSchema, 503: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { flowToken, location } = await beginOidcSignIn(app.auth, {
        origin: requestOrigin(request, app.env),
        replacesFlowToken: readFlowToken(request, app.env),
      });
      setFlowCookie(reply, request, app.env, flowToken);
      return reply.header('cache-control', 'no-store').redirect(location, 302);
    },
  );

  app.get(
    apiPaths.identity.authenticateCode,
    {
      onRequest: refuseCrossSiteGet,
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
      const signedIn = await signInWithCookie(app, request, reply, (currentSessionToken) =>
        completeOidcSignIn(app.auth, {
          flowToken: readFlowToken(request, app.env),
          callbackParams: definedParams(request.query),
          origin: requestOrigin(request, app.env),
          currentSessionToken,
          log: request.log,
        }),
      );
      clearFlowCookie(reply, request, app.env);
      reply.header('cache-control', 'no-store');
      return presentSignedIn(signedIn, app.connectors.chat);
    },
  );
};
