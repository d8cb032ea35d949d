import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bulkTicketRoutes } from './bulk-tickets.js';
import { deflectionRoutes } from './deflection.js';
import { readTicketRoutes } from './read-tickets.js';
import { ticketAttachmentRoutes } from './ticket-attachments.js';
import { ticketEventRoutes } from './ticket-events.js';
import { ticketLinkRoutes } from './ticket-links.js';
import { writeTicketRoutes } from './write-tickets.js';

/** The Ticket Portal: reading, opening and working tickets, their files and their live changes, and
 * what the ticket forms suggested while the customer wrote. */
export const ticketRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(readTicketRoutes);
  await app.register(writeTicketRoutes);
  await app.register(bulkTicketRoutes);
  await app.register(ticketAttachmentRoutes);
  await app.register(ticketEventRoutes);
  await app.register(deflectionRoutes);
  await app.register(ticketLinkRoutes);
};
