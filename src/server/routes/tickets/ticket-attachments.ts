import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths } from '../../../common/api-paths.js';
import { ATTACHMENT_MAX_BYTES } from '../../../common/attachments.js';
import {
  attachmentItemSchema,
  attachmentParamsSchema,
  attachmentQuerySchema,
  ticketIdParamsSchema,
} from '../../../common/contracts/tickets.js';
import { authorize, refusalSchemas, sessionOf } from '../../plugins/guards.js';
import { attachmentRateLimit } from '../../plugins/rate-limits.js';
import { presentAttachment } from '../../presenters/tickets.js';
import { attachFile, attachmentUrl } from '../../services/tickets/attachments.js';

/**
 * Ticket attachments. The upload is the file's raw bytes (any content type: the server reads the
 * type from the bytes), at most 25 MB: Fastify stops reading past the limit (413) before anything is kept.
 * A download redirects to a signed five-minute link of the object store.
 */
export const ticketAttachmentRoutes: FastifyPluginAsyncZod = async (app) => {
  // This plugin's routes take bytes, whatever the client calls them; JSON parsing stays as it is elsewhere.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  const onRequest = authorize('readTickets');

  app.post(
    apiPaths.tickets.attachments,
    {
      onRequest,
      config: { rateLimit: attachmentRateLimit(app.env) },
      bodyLimit: ATTACHMENT_MAX_BYTES,
      schema: {
        tags: ['tickets'],
        summary: 'Attach a file to a ticket',
        description:
          'The body is the file itself, `?name=` its name (kept with the extension of the type found in the bytes: ' +
          'report.html holding a PNG is kept as report.png). Screenshots (PNG, JPEG, GIF, WebP), PDF, logs (UTF-8 ' +
          'text named .txt or .log) and diagnostic bundles (zip, tar, gzip), recognised from the bytes; 25 MB ' +
          'at most (413), 20 files a ticket. Anything else is a 400 and nothing is stored.',
        params: ticketIdParamsSchema,
        querystring: attachmentQuerySchema,
        response: {
          201: attachmentItemSchema,
          ...refusalSchemas(409, 413, 429),
        },
      },
    },
    async (request, reply) => {
      const { user } = sessionOf(request);
      const body = request.body;
      const bytes =
        body instanceof Buffer
          ? new Uint8Array(body.buffer, body.byteOffset, body.byteLength)
          : new Uint8Array();
      const row = await attachFile(
        app.tickets.attachmentOptions(request.log),
        user,
        Number(request.params.id),
        {
          fileName: request.query.name,
          bytes,
        },
      );
      return reply
        .code(201)
        .header('cache-control', 'no-store')
        .send({ attachment: presentAttachment(row) });
    },
  );

  app.get(
    apiPaths.tickets.attachment,
    {
      onRequest,
      schema: {
        tags: ['tickets'],
        summary: 'Download an attachment',
        description: 'Redirects (302) to a signed link of the file that works for five minutes.',
        params: attachmentParamsSchema,
        response: refusalSchemas(409),
      },
    },
    async (request, reply) => {
      const { user } = sessionOf(request);
      const url = await attachmentUrl(
        app.tickets.attachmentOptions(request.log),
        user,
        Number(request.params.id),
        Number(request.params.attachmentId),
      );
      return reply.header('cache-control', 'no-store').redirect(url, 302);
    },
  );
};
