import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { storableText } from '../../../../common/contracts/text.js';
import { requestOrigin } from '../../../plugins/origin.js';
import { BUILTIN_TRACKER_AUTHORIZE_PATH } from './tracker.js';

const authorizeQuerySchema = z.record(z.string(), storableText().max(2048));

/**
 * The built-in ticketing system's authorize endpoint. It trusts the portal's session: a signed-in agent is
 * sent straight back to `/code` with a code, anyone else with `error=access_denied`.
 */
export const builtinTrackerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    BUILTIN_TRACKER_AUTHORIZE_PATH,
    { schema: { hide: true, querystring: authorizeQuerySchema } },
    async (request, reply) => {
      const user = request.user;
      const location = await app.connectors.tracker.authorize({
        params: request.query,
        origin: requestOrigin(request, app.env),
        agentUserId: user && (user.role === 'agent' || user.role === 'admin') ? user.id : null,
      });
      return reply.header('cache-control', 'no-store').redirect(location, 302);
    },
  );
};
