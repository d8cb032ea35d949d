import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths } from '../../../common/api-paths.js';
import { apiErrorSchema } from '../../../common/contracts/api-error.js';
import {
  deletedNoticeListSchema,
  deleteNoticeBodySchema,
  noticeItemSchema,
  restoreNoticeBodySchema,
  saveNoticeBodySchema,
} from '../../../common/contracts/notices.js';
import { authorize, refusalSchemas, sessionOf } from '../../plugins/guards.js';
import { noticeWriteRateLimit } from '../../plugins/rate-limits.js';
import { presentNotice } from '../../presenters/notices.js';
import {
  createNotice,
  deleteNotice,
  listDeletedNotices,
  restoreNotice,
  updateNotice,
} from '../../services/notices/notices.js';

const refusals = refusalSchemas(409, 429);

/**
 * `POST api/noticesModule/notice` (create without `Notice_ID`, update with one),
 * `POST api/noticesModule/notice-delete` (sets `active` false), and the portal's own
 * `GET api/noticesModule/deleted-notices` and `POST api/noticesModule/notice-restore` (sets it true again).
 * Admins only, checked here on the server (the spec leaves the role check out; the brief puts it in).
 */
export const writeNoticeRoutes: FastifyPluginAsyncZod = async (app) => {
  const onRequest = authorize('manageNotices');
  // One count for creates, updates and deletes.
  const rateLimit = noticeWriteRateLimit(app.env);

  app.post(
    apiPaths.notices.notice,
    {
      onRequest,
      config: { rateLimit },
      schema: {
        tags: ['notices'],
        summary: 'Create or update a support notice',
        description:
          'Without `Notice_ID`: creates (201). With one: updates that active notice (200). The description is ' +
          'sanitized HTML; `endDate` must not be before `startDate`.',
        body: saveNoticeBodySchema,
        response: { 200: noticeItemSchema, 201: noticeItemSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const { user } = sessionOf(request);
      const { Notice_ID: id, ...input } = request.body;
      const row = id
        ? await updateNotice(app.notices, user, id, input)
        : await createNotice(app.notices, user, input);
      reply.header('cache-control', 'no-store');
      return reply.code(id ? 200 : 201).send({ Item: presentNotice({ row, userIDs: [] }) });
    },
  );

  app.post(
    apiPaths.notices.deleteNotice,
    {
      onRequest,
      config: { rateLimit },
      schema: {
        tags: ['notices'],
        summary: 'Delete a support notice',
        description: 'Sets `active` false: the notice is listed nowhere; its reads and audit trail stay.',
        body: deleteNoticeBodySchema,
        response: { 200: noticeItemSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const { user } = sessionOf(request);
      const row = await deleteNotice(app.notices, user, request.body.Notice_ID);
      reply.header('cache-control', 'no-store');
      return { Item: presentNotice({ row, userIDs: [] }) };
    },
  );

  app.post(
    apiPaths.notices.restoreNotice,
    {
      onRequest,
      config: { rateLimit },
      schema: {
        tags: ['notices'],
        summary: 'Restore a deleted support notice',
        description:
          'Sets `active` true again: the notice is listed and counted as before, its reads kept. Recorded in ' +
          'its change history. 404 for an unknown notice, 409 for one that is not deleted.',
        body: restoreNoticeBodySchema,
        response: { 200: noticeItemSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const { user } = sessionOf(request);
      const row = await restoreNotice(app.notices, user, request.body.Notice_ID);
      reply.header('cache-control', 'no-store');
      return { Item: presentNotice({ row, userIDs: [] }) };
    },
  );

  app.get(
    apiPaths.notices.deletedNotices,
    {
      onRequest,
      schema: {
        tags: ['notices'],
        summary: 'Deleted support notices',
        description: 'The notices deleted and not restored, the latest change first, with every reader.',
        response: { 200: deletedNoticeListSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { user } = sessionOf(request);
      const views = await listDeletedNotices(app.notices, user);
      reply.header('cache-control', 'private, no-store');
      return { Items: views.map(presentNotice) };
    },
  );
};
