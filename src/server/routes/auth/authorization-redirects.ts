import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AUTH_REDIRECTS } from '../../../common/contracts/auth.js';
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
    const started = await beginHelpdeskAuthorization({
      db: app.db,
      helpdesk: app.connectors.helpdesk,
      flowToken: readFlowToken(request, app.env),
      current: request.user && request.session ? { user: request.user, session: request.session } : null,
      origin: requestOrigin(request, app.env),
    });
    reply.header('cache-control', 'no-store');
    if (!started) return reply.redirect(AUTH_REDIRECTS.home, 302);
    if (started.newFlowToken) setFlowCookie(reply, request, app.env, started.newFlowToken);
    return reply.redirect(started.location, 302);
  });

  app.get(AUTH_REDIRECTS.trackerInit, { schema: { hide: true } }, async (request, reply) => {
    const started = await beginTrackerAuthorization({
      db: app.db,
      tracker: app.connectors.tracker,
      current: request.user && request.session ? { user: request.user, session: request.session } : null,
      origin: requestOrigin(request, app.env),
      replacesFlowToken: readFlowToken(request, app.env),
    });
    reply.header('cache-control', 'no-store');
    if (!started) return reply.redirect(AUTH_REDIRECTS.home, 302);
    setFlowCookie(reply, request, app.env, started.flowToken);
    return reply.redirect(started.location, 302);
  });
};
