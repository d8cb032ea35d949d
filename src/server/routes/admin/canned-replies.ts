import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiPaths } from '../../../common/api-paths.js';
import {
  cannedReplyBodySchema,
  cannedReplyItemSchema,
  cannedReplyListSchema,
  cannedReplyParamsSchema,
  cannedReplyQuerySchema,
} from '../../../common/contracts/canned-replies.js';
import { authorize, refusalSchemas, sessionOf } from '../../plugins/guards.js';
import { cannedReplyWriteRateLimit } from '../../plugins/rate-limits.js';
import { presentCannedReply } from '../../presenters/canned-replies.js';
import {
  createCannedReply,
  deleteCannedReply,
  listCannedReplies,
  updateCannedReply,
} from '../../services/canned-replies/canned-replies.js';

const DESCRIPTION =
  'A canned reply is a title, the text it puts into the reply (up to 5000 characters) and, optionally, the ' +
  'status the reply preselects (`open`, `pending` or `solved`). Titles are unique whatever their case (409).';

/**
 * The canned replies: `GET|POST /api/admin/canned-replies` and `PUT|DELETE /api/admin/canned-replies/:id` for
 * the admins who keep them, and `GET /api/tickets/canned-replies?q=` for the agents' composer. Writes are
 * rate-limited together, per admin.
 */
export const cannedReplyRoutes: FastifyPluginAsyncZod = async (app) => {
  const options = { db: app.db };
  const manage = authorize('manageCannedReplies');
  const rateLimit = cannedReplyWriteRateLimit(app.env);

  const list = (path: string, action: 'manageCannedReplies' | 'useCannedReplies', summary: string) =>
    app.get(
      path,
      {
        onRequest: authorize(action),
        schema: {
          tags: action === 'manageCannedReplies' ? ['admin'] : ['tickets'],
          summary,
          description: `By title. \`q\`: words that must all be in the title or the text. ${DESCRIPTION}`,
          querystring: cannedReplyQuerySchema,
          response: { 200: cannedReplyListSchema, ...refusalSchemas() },
        },
      },
      async (request, reply) => {
        const views = await listCannedReplies(options, request.query);
        reply.header('cache-control', 'private, no-store');
        return { cannedReplies: views.map(presentCannedReply) };
      },
    );
  list(apiPaths.admin.cannedReplies, 'manageCannedReplies', 'The canned replies (admins)');
  list(apiPaths.tickets.cannedReplies, 'useCannedReplies', 'The canned replies the composer inserts (staff)');

  app.post(
    apiPaths.admin.cannedReplies,
    {
      onRequest: manage,
      config: { rateLimit },
      schema: {
        tags: ['admin'],
        summary: 'Create a canned reply (admins)',
        description: DESCRIPTION,
        body: cannedReplyBodySchema,
        response: { 201: cannedReplyItemSchema, ...refusalSchemas(409, 429) },
      },
    },
    async (request, reply) => {
      const { user } = sessionOf(request);
      const view = await createCannedReply(options, user, request.body);
      return reply
        .code(201)
        .header('cache-control', 'no-store')
        .send({ cannedReply: presentCannedReply(view) });
    },
  );

  app.put(
    apiPaths.admin.cannedReply,
    {
      onRequest: manage,
      config: { rateLimit },
      schema: {
        tags: ['admin'],
        summary: 'Change a canned reply (admins)',
        description: `Replaces its title, text and status change. 404 for an unknown id. ${DESCRIPTION}`,
        params: cannedReplyParamsSchema,
        body: cannedReplyBodySchema,
        response: { 200: cannedReplyItemSchema, ...refusalSchemas(409, 429) },
      },
    },
    async (request, reply) => {
      const { user } = sessionOf(request);
      const view = await updateCannedReply(options, user, request.params.id, request.body);
      reply.header('cache-control', 'no-store');
      return { cannedReply: presentCannedReply(view) };
    },
  );

  app.delete(
    apiPaths.admin.cannedReply,
    {
      onRequest: manage,
      config: { rateLimit },
      schema: {
        tags: ['admin'],
        summary: 'Delete a canned reply (admins)',
        description: 'Replies already sent with it stay as they are. 404 for an unknown id.',
        params: cannedReplyParamsSchema,
        response: { 204: z.null(), ...refusalSchemas(429) },
      },
    },
    async (request, reply) => {
      await deleteCannedReply(options, request.params.id);
      return reply.code(204).send(null);
    },
  );
};
