import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths } from '../../../common/api-paths.js';

/** `/trust` (spec section 2) sends visitors to the external trust center named in the config. */
export const trustRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(apiPaths.redirects.trust, { schema: { hide: true } }, async (_request, reply) => {
    return reply.redirect(app.portalConfig.links.trust, 302);
  });
};
