import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths } from '../../../common/api-paths.js';
import { apiErrorSchema } from '../../../common/contracts/api-error.js';
import { statusOkSchema } from '../../../common/contracts/auth.js';
import { refuseCrossSiteGet } from '../../plugins/same-origin.js';
import { clearFlowCookie, clearSessionCookie, readSessionToken } from '../../plugins/sessions.js';
import { sha256Hex } from '../../lib/tokens.js';
import { deleteSession } from '../../services/auth/sessions.js';

/**
 * Both logouts (spec section 7): delete the caller's own session, if any, end its live streams, and clear the
 * cookies. Streams on other instances end when they hear of the deletion (deleteSession announces it); this
 * instance's end at once, even should its listening connection be down.
 */
async function signOut(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
  const token = readSessionToken(request, app.env);
  if (token) {
    await deleteSession({ db: app.db, token });
    app.sessions.forget(token);
    app.eventStreams.endSession(sha256Hex(token));
  }
  clearSessionCookie(reply, request, app.env);
  clearFlowCookie(reply, request, app.env);
  return { status: 'OK' as const };
}

/** The customer logout (`POST /api/aggregator/logoutCustomer`) and the agent logout (`GET /api/azureAD/logoutAzureAD`). */
export const logoutRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    apiPaths.aggregator.logoutCustomer,
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

  app.get(
    apiPaths.identity.logout,
    {
      onRequest: refuseCrossSiteGet,
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
