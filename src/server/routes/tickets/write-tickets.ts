import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths } from '../../../common/api-paths.js';
import {
  commentBodySchema,
  commentItemSchema,
  createTicketBodySchema,
  ticketIdParamsSchema,
  ticketItemSchema,
  updateTicketBodySchema,
} from '../../../common/contracts/tickets.js';
import { authorize, refusalSchemas, sessionOf } from '../../plugins/guards.js';
import { commentRateLimit, p1TicketRateLimit, ticketRateLimit } from '../../plugins/rate-limits.js';
import { presentComment } from '../../presenters/tickets.js';
import { addComment, createTicket, updateTicket } from '../../services/tickets/tickets.js';

/** Opening, replying to and changing tickets. */
export const writeTicketRoutes: FastifyPluginAsyncZod = async (app) => {
  const signedIn = authorize('readTickets');
  const limitP1 = p1TicketRateLimit(app);

  app.post(
    apiPaths.tickets.tickets,
    {
      onRequest: authorize('createTicket'),
      config: { rateLimit: ticketRateLimit(app.env) },
      preHandler: async (request, reply) => {
        if (request.body.priority === 'P1') await limitP1(request, reply);
      },
      schema: {
        tags: ['tickets'],
        summary: 'Open a ticket (customers)',
        description:
          "The requester is the signed-in customer; organisation and tier are their account's, and " +
          '`firstResponseDueAt` follows the SLA table for the priority and tier, counted 24/7 or in business ' +
          "hours of the organisation's time zone as `ticketing` in the configuration says.",
        body: createTicketBodySchema,
        response: { 201: ticketItemSchema, ...refusalSchemas(409, 429) },
      },
    },
    async (request, reply) => {
      const { user } = sessionOf(request);
      const ticket = await createTicket(app.tickets.options(request.log), user, request.body);
      return reply
        .code(201)
        .header('cache-control', 'no-store')
        .send({ ticket: await app.tickets.presentOne(user, ticket) });
    },
  );

  app.post(
    apiPaths.tickets.comments,
    {
      onRequest: signedIn,
      config: { rateLimit: commentRateLimit(app.env) },
      schema: {
        tags: ['tickets'],
        summary: 'Reply, or write an internal note (agents)',
        description:
          "A customer's reply reopens a pending or solved ticket; a closed ticket takes none (409). An agent's " +
          'first public reply stops the first-response clock and is mailed to the requester.',
        params: ticketIdParamsSchema,
        body: commentBodySchema,
        response: { 201: commentItemSchema, ...refusalSchemas(409, 429) },
      },
    },
    async (request, reply) => {
      const { user } = sessionOf(request);
      const { comment } = await addComment(
        app.tickets.options(request.log),
        user,
        Number(request.params.id),
        request.body,
      );
      return reply
        .code(201)
        .header('cache-control', 'no-store')
        .send({ comment: presentComment(comment) });
    },
  );

  app.patch(
    apiPaths.tickets.ticket,
    {
      onRequest: signedIn,
      schema: {
        tags: ['tickets'],
        summary: 'Change status, priority or assignee',
        description:
          'Customers may only set `status: solved` on a ticket of theirs (403 otherwise); agents change ' +
          'status, priority (the due time follows while no one has answered) and assignee.',
        params: ticketIdParamsSchema,
        body: updateTicketBodySchema,
        response: { 200: ticketItemSchema, ...refusalSchemas(409) },
      },
    },
    async (request, reply) => {
      const { user } = sessionOf(request);
      const ticket = await updateTicket(
        app.tickets.options(request.log),
        user,
        Number(request.params.id),
        request.body,
      );
      reply.header('cache-control', 'no-store');
      return { ticket: await app.tickets.presentOne(user, ticket) };
    },
  );
};
