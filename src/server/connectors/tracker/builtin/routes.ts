import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { storableText } from '../../../../common/contracts/text.js';
import { requestOrigin } from '../../../plugins/origin.js';
import { apiPaths } from '../../../../common/api-paths.js';
import type { BuiltinTracker } from './types.js';

const authorizeQuerySchema = z.record(z.string(), storableText().max(2048));

/**
 * The built-in ticketing system's authorize endpoint. It trusts the portal's session: a signed-in agent is
 * sent straight back to `/code` with a code, anyone else with `error=access_denied`.
 */
export const builtinTrackerRoutes =
  (tracker: Omit<BuiltinTracker, 'routes'>): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      apiPaths.redirects.trackerAuthorize,
      { schema: { hide: true, querystring: authorizeQuerySchema } },
      async (request, reply) => {
        const user = request.user;
        const location = await tracker.authorize({
          params: request.query,
          origin: requestOrigin(request, app.env),
          agentUserId: user && (user.role === 'agent' || user.role === 'admin') ? user.id : null,
        });
        return reply.header('cache-control', 'no-store').redirect(location, 302);
      },
    );
  };
