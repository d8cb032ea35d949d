import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths } from '../../../common/api-paths.js';
import { apiErrorSchema } from '../../../common/contracts/api-error.js';
import {
  markAllReadAnswerSchema,
  markAllReadBodySchema,
  noticeChangeListSchema,
  noticeIdQuerySchema,
  recordReadAnswerSchema,
  recordReadBodySchema,
  seenByListSchema,
  seenByQuerySchema,
} from '../../../common/contracts/notices.js';
import { ServiceError } from '../../lib/errors.js';
import { authorize, refusalSchemas, sessionOf } from '../../plugins/guards.js';
import { noticeMarkAllRateLimit } from '../../plugins/rate-limits.js';
import { presentNoticeChange, presentSeenByUser } from '../../presenters/notices.js';
import {
  changesOf,
  getNotice,
  markAllNoticesRead,
  readersOf,
  recordNoticeRead,
  usersByIds,
} from '../../services/notices/notices.js';

/**
 * Reads of notices: `POST api/noticesModule/seen-by-users {id, userId}` records the signed-in user's own read,
 * `POST api/noticesModule/mark-all-read` their read of every active notice;
 * `GET api/noticesModule/seen-by-users` lists readers and `GET api/noticesModule/notice-changes?id=` the audit
 * trail, both for admins only.
 */
export const seenByRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    apiPaths.notices.seenByUsers,
    {
      onRequest: authorize('readNotices'),
      schema: {
        tags: ['notices'],
        summary: 'Record that the signed-in user read a notice',
        description: '`userId` must be the caller (403 otherwise). Idempotent: a repeated read adds nothing.',
        body: recordReadBodySchema,
        response: { 200: recordReadAnswerSchema, ...refusalSchemas() },
      },
    },
    async (request) => {
      const { user } = sessionOf(request);
      const { id, userId } = request.body;
      if (userId !== user.id)
        throw new ServiceError('FORBIDDEN', 'A read can be recorded only for yourself.');
      const recorded = await recordNoticeRead(app.notices, user, id);
      return { id, userId, recorded };
    },
  );

  app.post(
    apiPaths.notices.markAllRead,
    {
      onRequest: authorize('readNotices'),
      config: { rateLimit: noticeMarkAllRateLimit(app.env) },
      schema: {
        tags: ['notices'],
        summary: 'Mark every active notice read for the signed-in user',
        description:
          'Body `{}`. Records the caller as a reader of every notice that counts as unread (active, not ' +
          'ended); answers how many were marked now. Idempotent.',
        body: markAllReadBodySchema,
        response: {
          200: markAllReadAnswerSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const { user } = sessionOf(request);
      const marked = await markAllNoticesRead(app.notices, user);
      reply.header('cache-control', 'no-store');
      return { marked };
    },
  );

  const adminOnly = authorize('readSeenBy');

  app.get(
    apiPaths.notices.seenByUsers,
    {
      onRequest: adminOnly,
      schema: {
        tags: ['notices'],
        summary: 'Users who read a notice',
        description: 'By `userIds` (comma-separated, as the spec asks) or by the notice `id`. Admins only.',
        querystring: seenByQuerySchema,
        response: { 200: seenByListSchema, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { userIds, id } = request.query;
      const rows =
        id !== undefined ? await readersOf(app.notices, id) : await usersByIds(app.notices, userIds ?? []);
      reply.header('cache-control', 'private, no-store');
      return { users: rows.map(presentSeenByUser) };
    },
  );

  app.get(
    apiPaths.notices.noticeChanges,
    {
      onRequest: adminOnly,
      schema: {
        tags: ['notices'],
        summary: "A notice's audit trail",
        description:
          'Every create, update and delete: who, when, which fields, before and after. Admins only.',
        querystring: noticeIdQuerySchema,
        response: { 200: noticeChangeListSchema, ...refusalSchemas() },
      },
    },
    async (request, reply) => {
      const { user } = sessionOf(request);
      await getNotice(app.notices, user, request.query.id);
      const changes = await changesOf(app.notices, request.query.id);
      reply.header('cache-control', 'private, no-store');
      return { changes: changes.map(presentNoticeChange) };
    },
  );
};
