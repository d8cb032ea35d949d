import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths } from '../../../common/api-paths.js';
import { apiErrorSchema } from '../../../common/contracts/api-error.js';
import {
  noticeIdQuerySchema,
  noticeItemSchema,
  noticeListSchema,
} from '../../../common/contracts/notices.js';
import { authorize, refusalSchemas, sessionOf } from '../../plugins/guards.js';
import { presentNotice } from '../../presenters/notices.js';
import { getNotice, listActiveNotices } from '../../services/notices/notices.js';

/**
 * `GET api/noticesModule/notice` (the active notices) and `GET api/noticesModule/notice-id?id=` (one notice),
 * for anyone signed in. Answers are personal (the reader's own read), so never kept by a shared cache.
 */
export const readNoticeRoutes: FastifyPluginAsyncZod = async (app) => {
  const onRequest = authorize('readNotices');

  app.get(
    apiPaths.notices.notice,
    {
      onRequest,
      schema: {
        tags: ['notices'],
        summary: 'Active support notices',
        description: 'Newest first. `userIDs`: every reader for admins, only the caller otherwise.',
        response: { 200: noticeListSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { user } = sessionOf(request);
      const views = await listActiveNotices(app.notices, user);
      reply.header('cache-control', 'private, no-store');
      return { Items: views.map(presentNotice) };
    },
  );

  app.get(
    apiPaths.notices.noticeById,
    {
      onRequest,
      schema: {
        tags: ['notices'],
        summary: 'One support notice',
        querystring: noticeIdQuerySchema,
        response: { 200: noticeItemSchema, ...refusalSchemas() },
      },
    },
    async (request, reply) => {
      const { user } = sessionOf(request);
      const view = await getNotice(app.notices, user, request.query.id);
      reply.header('cache-control', 'private, no-store');
      return { Item: presentNotice(view) };
    },
  );
};
