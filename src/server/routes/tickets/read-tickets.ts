import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths } from '../../../common/api-paths.js';
import {
  assigneesSchema,
  listTicketsQuerySchema,
  requesterProfileSchema,
  ticketDetailsSchema,
  ticketIdParamsSchema,
  ticketListSchema,
  ticketOrganisationsSchema,
} from '../../../common/contracts/tickets.js';
import { authorize, refusalSchemas, sessionOf } from '../../plugins/guards.js';
import { listOrganisations, listStaff, requesterProfile } from '../../services/tickets/ticket-people.js';

/** `GET /api/tickets` and `GET /api/tickets/:id`: a customer's own (or organisation's), every ticket for staff. */
export const readTicketRoutes: FastifyPluginAsyncZod = async (app) => {
  const onRequest = authorize('readTickets');

  app.get(
    apiPaths.tickets.tickets,
    {
      onRequest,
      schema: {
        tags: ['tickets'],
        summary: 'List tickets',
        description:
          "A customer's own tickets (an organisation admin's: the organisation's); every ticket for agents. " +
          'Filters: status (one, `open-work` = new, open, pending and hold, or `any`), priority, due state, ' +
          'assignee (`me`, `none` or an agent id; agents), organisation (agents), `q` (subject, requester or ' +
          'ticket number), 25 a page; `unseenReply` marks, for a customer, an agent reply since they last opened it; ' +
          '`sort=due` puts tickets awaiting a first response first, soonest due (overdue) on top.',
        querystring: listTicketsQuerySchema,
        response: { 200: ticketListSchema, ...refusalSchemas(409) },
      },
    },
    async (request, reply) => {
      const { user } = sessionOf(request);
      const list = await app.tickets.list(user, request.query, request.log);
      reply.header('cache-control', 'private, no-store');
      return list;
    },
  );

  app.get(
    apiPaths.tickets.requester,
    {
      onRequest: authorize('createTicket'),
      schema: {
        tags: ['tickets'],
        summary: "The customer's organisation, tier and first-response targets",
        description: 'What Ticket Creation shows beside each priority (customers).',
        response: { 200: requesterProfileSchema, ...refusalSchemas(409) },
      },
    },
    async (request, reply) => {
      const { user } = sessionOf(request);
      reply.header('cache-control', 'private, no-store');
      return requesterProfile(app.db, app.portalConfig, user.id);
    },
  );

  app.get(
    apiPaths.tickets.assignees,
    {
      onRequest: authorize('openAgentConsole'),
      schema: {
        tags: ['tickets'],
        summary: 'Who a ticket can be assigned to (staff)',
        response: { 200: assigneesSchema, ...refusalSchemas(409) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { assignees: await listStaff(app.db) };
    },
  );

  app.get(
    apiPaths.tickets.organisations,
    {
      onRequest: authorize('openAgentConsole'),
      schema: {
        tags: ['tickets'],
        summary: 'The organisations the queue can be filtered by (staff)',
        response: { 200: ticketOrganisationsSchema, ...refusalSchemas(409) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { organisations: await listOrganisations(app.db) };
    },
  );

  app.get(
    apiPaths.tickets.ticket,
    {
      onRequest,
      schema: {
        tags: ['tickets'],
        summary: 'A ticket and its comments',
        description:
          "Another customer's ticket is a 404, as a missing one. Internal notes go to staff only. " +
          "`conversation` is the assistant's conversation the ticket was opened from, as it stood then.",
        params: ticketIdParamsSchema,
        response: { 200: ticketDetailsSchema, ...refusalSchemas(409) },
      },
    },
    async (request, reply) => {
      const { user } = sessionOf(request);
      const details = await app.tickets.details(user, Number(request.params.id), request.log);
      reply.header('cache-control', 'private, no-store');
      return details;
    },
  );
};
