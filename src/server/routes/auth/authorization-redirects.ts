import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AUTH_REDIRECTS } from '../../../common/contracts/auth.js';
import { currentSession } from '../../plugins/guards.js';
import { requestOrigin } from '../../plugins/origin.js';
import { readFlowToken, setFlowCookie } from '../../plugins/sessions.js';
import { beginHelpdeskAuthorization } from '../../services/auth/helpdesk-sign-in.js';
import { beginTrackerAuthorization } from '../../services/auth/tracker-authorization.js';

/**
 * `/zendeskInitAuth` and `/jiraAuth` (spec section 2): server redirects that start the help desk's and the
 * tracker's OAuth authorization. Without a sign-in to continue they send the browser home.
 */
export const authorizationRedirectRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(AUTH_REDIRECTS.helpdeskInit, { schema: { hide: true } }, async (request, reply) => {
    const started = await beginHelpdeskAuthorization(app.auth, currentSession(request), {
      flowToken: readFlowToken(request, app.env),
      origin: requestOrigin(request, app.env),
    });
    reply.header('cache-control', 'no-store');
    if (!started) return reply.redirect(AUTH_REDIRECTS.home, 302);
    if (started.newFlowToken) setFlowCookie(reply, request, app.env, started.newFlowToken);
    return reply.redirect(started.location, 302);
  });

  app.get(AUTH_REDIRECTS.trackerInit, { schema: { hide: true } }, async (request, reply) => {
    const started = await beginTrackerAuthorization(app.auth, currentSession(request), {
      origin: requestOrigin(request, app.env),
      replacesFlowToken: readFlowToken(request, app.env),
    });
    reply.header('cache-control', 'no-store');
    if (!started) return reply.redirect(AUTH_REDIRECTS.home, 302);
    setFlowCookie(reply, request, app.env, started.flowToken);
    return reply.redirect(started.location, 302);
  });
};
