import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readTicketRoutes } from './read-tickets.js';
import { ticketAttachmentRoutes } from './ticket-attachments.js';
import { ticketEventRoutes } from './ticket-events.js';
import { writeTicketRoutes } from './write-tickets.js';

/** The Ticket Portal: reading, opening and working tickets, their files and their live changes. */
export const ticketRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(readTicketRoutes);
  await app.register(writeTicketRoutes);
  await app.register(ticketAttachmentRoutes);
  await app.register(ticketEventRoutes);
};
