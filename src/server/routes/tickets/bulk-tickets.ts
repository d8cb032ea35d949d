import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths } from '../../../common/api-paths.js';
import { bulkUpdateResultSchema, bulkUpdateTicketsBodySchema } from '../../../common/contracts/tickets.js';
import { authorize, refusalSchemas, sessionOf } from '../../plugins/guards.js';
import { ticketBulkRateLimit } from '../../plugins/rate-limits.js';
import { bulkUpdateTickets } from '../../services/tickets/bulk-update.js';

/** The queue's bulk actions: assign or change the status of several tickets at once (staff). */
export const bulkTicketRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    apiPaths.tickets.bulk,
    {
      onRequest: authorize('openAgentConsole'),
      config: { rateLimit: ticketBulkRateLimit(app.env) },
      schema: {
        tags: ['tickets'],
        summary: 'Change the status or assignee of several tickets (staff)',
        description:
          'Up to 25 tickets (a queue page). Every ticket is checked first: one missing (404) or closed (409) ' +
          'refuses the whole change and none is changed. Each ticket then changes as with `PATCH /api/tickets/:id`.',
        body: bulkUpdateTicketsBodySchema,
        response: { 200: bulkUpdateResultSchema, ...refusalSchemas(409, 429) },
      },
    },
    async (request, reply) => {
      const { user } = sessionOf(request);
      const tickets = await bulkUpdateTickets(app.tickets.options(request.log), user, request.body);
      reply.header('cache-control', 'no-store');
      return { tickets: await app.tickets.present(user, tickets) };
    },
  );
};
