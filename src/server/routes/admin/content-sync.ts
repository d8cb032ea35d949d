import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths } from '../../../common/api-paths.js';
import { apiErrorSchema } from '../../../common/contracts/api-error.js';
import {
  CONTENT_SOURCE_NAMES,
  contentSyncListSchema,
  contentSyncParamsSchema,
} from '../../../common/contracts/content-sync.js';
import { authorize } from '../../plugins/guards.js';
import { contentSyncRateLimit } from '../../plugins/rate-limits.js';
import { ServiceError } from '../../lib/errors.js';

/**
 * `GET /api/admin/content-sync`: where each vendor feed's sync stands; `POST /api/admin/content-sync/:source`:
 * "Sync now" (admins only). A source no vendor fills is 404; one that is syncing already is 409.
 */
export const contentSyncRoutes: FastifyPluginAsyncZod = async (app) => {
  const list = async () => ({
    intervalMinutes: app.env.CONTENT_SYNC_INTERVAL_MINUTES,
    sources: await app.contentSync.status(),
  });

  app.get(
    apiPaths.admin.contentSync,
    {
      onRequest: authorize('manageContentSync'),
      schema: {
        tags: ['admin'],
        summary: "The vendor feeds' sync status",
        description:
          'One entry per source filled by a vendor (Zendesk Help Center, GitBook, Forumbee): the last success, ' +
          'the last error in words, and when the next sync is due. Admins only.',
        response: { 200: contentSyncListSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return list();
    },
  );

  app.post(
    apiPaths.admin.contentSyncSource,
    {
      onRequest: authorize('manageContentSync'),
      config: { rateLimit: contentSyncRateLimit(app.env) },
      schema: {
        tags: ['admin'],
        summary: 'Sync a source now',
        description:
          'Starts a sync of the source at once (`kb`, `docs` or `community`) and answers the status with it ' +
          'running. 404 when no vendor fills the source; 409 while a sync of it is running. Admins only.',
        params: contentSyncParamsSchema,
        response: {
          202: contentSyncListSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const { source } = request.params;
      const started = await app.contentSync.syncNow(source);
      if (!started) {
        throw new ServiceError(
          'CONFLICT',
          `The ${CONTENT_SOURCE_NAMES[source].toLowerCase()} is syncing already; its status shows here when it ends.`,
        );
      }
      reply.header('cache-control', 'private, no-store');
      return reply.code(202).send(await list());
    },
  );
};
