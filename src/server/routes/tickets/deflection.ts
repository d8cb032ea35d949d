import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiPaths } from '../../../common/api-paths.js';
import { deflectionEventSchema } from '../../../common/contracts/deflection.js';
import { MAX_TICKET_SUGGESTIONS } from '../../../common/deflection.js';
import { authorize, refusalSchemas, sessionOf } from '../../plugins/guards.js';
import { deflectionRateLimit } from '../../plugins/rate-limits.js';
import { recordDeflectionEvent } from '../../services/tickets/deflection.js';

/**
 * `POST /api/tickets/deflection`: a ticket form reports the articles it suggested (`shown`) or the one the
 * customer opened (`opened`), for the admin's deflection rate. Whoever may open tickets may report, for forms of
 * their own; the same-origin check of every state change applies.
 */
export const deflectionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    apiPaths.tickets.deflection,
    {
      onRequest: authorize('createTicket'),
      config: { rateLimit: deflectionRateLimit(app.env) },
      schema: {
        tags: ['tickets'],
        summary: 'Record the articles a ticket form suggested or opened',
        description:
          `At most ${MAX_TICKET_SUGGESTIONS} articles per report; each is recorded once per form. The form's id ` +
          'is made by the browser and names the form when its ticket is created (`deflectionId`); a form id of ' +
          'another user is refused (409). At most RATE_LIMIT_DEFLECTION_PER_MINUTE reports a minute.',
        body: deflectionEventSchema,
        response: { 204: z.null(), ...refusalSchemas(409, 429) },
      },
    },
    async (request, reply) => {
      const { user } = sessionOf(request);
      await recordDeflectionEvent(app.db, user.id, request.body);
      return reply.code(204).header('cache-control', 'no-store').send(null);
    },
  );
};
