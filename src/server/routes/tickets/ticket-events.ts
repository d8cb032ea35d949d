import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths } from '../../../common/api-paths.js';
import { apiErrorSchema } from '../../../common/contracts/api-error.js';
import {
  claimEventStream,
  eventStreamHeadersSchema,
  openEventStream,
  relayChannel,
} from '../../lib/event-stream.js';
import { authorize, sessionOf } from '../../plugins/guards.js';
import { TICKET_CHANNEL, ticketEventSchema } from '../../services/tickets/ticket-events.js';
import { inScope, scopeOf } from '../../services/tickets/tickets.js';

/**
 * `GET /api/tickets/events`: server-sent events of the ticket changes this user may see (their own, their
 * organisation's for an organisation admin, all for staff), from any instance through PostgreSQL
 * `LISTEN/NOTIFY`. `event: ticket` carries `{ticketId}`; `event: resync` says changes may have been missed
 * (refresh everything); a new stream starts with `event: ready`. The page refreshes its lists on each.
 */
export const ticketEventRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    apiPaths.tickets.events,
    {
      config: { deadline: false },
      onRequest: authorize('readTickets'),
      schema: {
        tags: ['tickets'],
        summary: 'Live ticket changes (server-sent events)',
        description:
          '`text/event-stream`: `ready`, then `ticket` `{ticketId}` per change you may see, `resync`.',
        // This stream sends no ids, so a browser never sends one back; a wrong one is still refused.
        headers: eventStreamHeadersSchema,
        response: { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { user } = sessionOf(request);
      const slot = await claimEventStream(app, request, reply);
      // Who may hear of what is decided once, at the open: a stream lives ten minutes at most.
      const scope = await scopeOf(app.tickets.options(request.log), user);
      const stream = openEventStream(app, request, reply, slot);
      relayChannel(app, stream, TICKET_CHANNEL, ticketEventSchema, (event) => {
        if (inScope(scope, event)) stream.send('ticket', { ticketId: event.ticketId });
      });
      stream.send('ready', {});
    },
  );
};
