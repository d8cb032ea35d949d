import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiPaths } from '../../../common/api-paths.js';
import {
  issueLinkBodySchema,
  issueLinkParamsSchema,
  ticketContextSchema,
  ticketIssueItemSchema,
} from '../../../common/contracts/ticket-links.js';
import { ticketIdParamsSchema } from '../../../common/contracts/tickets.js';
import { authorize, refusalSchemas, sessionOf } from '../../plugins/guards.js';
import { issueLinkWriteRateLimit } from '../../plugins/rate-limits.js';
import { linkIssue, ticketContext, unlinkIssue } from '../../services/tickets/ticket-links.js';

/** The agents' side of a ticket: its tracker issues and the requester's other open tickets. */
export const ticketLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  const onRequest = authorize('openAgentConsole');
  const rateLimit = issueLinkWriteRateLimit(app.env);
  const options = (log: Parameters<typeof app.tickets.options>[0]) => ({
    ...app.tickets.options(log),
    tracker: app.connectors.tracker,
  });

  app.get(
    apiPaths.tickets.context,
    {
      onRequest,
      schema: {
        tags: ['tickets'],
        summary: "A ticket's tracker issues and the requester's other open tickets (staff)",
        description:
          "Linked issues carry their current status from the tracker, read with the agent's grant; when the " +
          'tracker cannot be read, `trackerProblem` says why and their status is null.',
        params: ticketIdParamsSchema,
        response: { 200: ticketContextSchema, ...refusalSchemas(409) },
      },
    },
    async (request, reply) => {
      const { user } = sessionOf(request);
      reply.header('cache-control', 'private, no-store');
      return ticketContext(options(request.log), user, Number(request.params.id));
    },
  );

  app.post(
    apiPaths.tickets.issueLinks,
    {
      onRequest,
      schema: {
        tags: ['tickets'],
        summary: 'Link a tracker issue to a ticket (staff)',
        description:
          'An issue the tracker does not know is refused (400); linking one twice changes nothing.',
        params: ticketIdParamsSchema,
        body: issueLinkBodySchema,
        response: { 201: ticketIssueItemSchema, ...refusalSchemas(409, 429) },
      },
      config: { rateLimit },
    },
    async (request, reply) => {
      const { user } = sessionOf(request);
      const issue = await linkIssue(options(request.log), user, Number(request.params.id), request.body.key);
      return reply.code(201).header('cache-control', 'no-store').send({ issue });
    },
  );

  app.delete(
    apiPaths.tickets.issueLink,
    {
      onRequest,
      schema: {
        tags: ['tickets'],
        summary: 'Unlink a tracker issue from a ticket (staff)',
        params: issueLinkParamsSchema,
        response: { 204: z.null(), ...refusalSchemas(429) },
      },
      config: { rateLimit },
    },
    async (request, reply) => {
      const { user } = sessionOf(request);
      await unlinkIssue(options(request.log), user, Number(request.params.id), request.params.key);
      return reply.code(204).send(null);
    },
  );
};
