import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AuthOptions } from './auth-options.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** What the sign-in calls take first (services/auth/auth-options.ts). */
    auth: AuthOptions;
  }
}

/**
 * The auth area. Sessions themselves are resolved by the foundation (plugins/sessions.ts), before any area:
 * every route's guard needs them; this plugin builds what the sign-in routes' calls take.
 */
async function authPlugin(app: FastifyInstance): Promise<void> {
  app.decorate('auth', {
    db: app.db,
    helpdesk: app.connectors.helpdesk,
    identity: app.connectors.identity,
    tracker: app.connectors.tracker,
    corporateEmailDomain: app.portalConfig.support.corporateEmailDomain,
    sessionPolicy: app.sessionPolicy,
  } satisfies AuthOptions);
}

export default fp(authPlugin, { name: 'auth', dependencies: ['foundation'] });
