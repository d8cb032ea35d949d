import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Ticket, TicketDetails } from '../../../common/contracts/tickets.js';
import { ticketUrl } from '../../../common/tickets.js';
import type { HelpdeskTicketRecord } from '../../connectors/ticket-desk/types.js';
import type { StorageConnector } from '../../connectors/storage/types.js';
import { mailOrigin } from '../../plugins/origin.js';
import {
  presentAttachment,
  presentComment,
  presentTicket,
  presentTicketEvent,
} from '../../presenters/tickets.js';
import { listAttachments } from './attachments.js';
import type { PortalUser } from '../auth/users.js';
import { createSlaClock } from './sla-clock.js';
import { createTicketMailer } from './ticket-mail.js';
import { userIdsByEmail } from './ticket-people.js';
import { getTicket, type TicketOptions } from './tickets.js';

/** What the ticket calls need, built once, and the tickets as a user is shown them. */
export interface TicketsArea {
  /**
   * What the ticket calls take first (services/tickets/tickets.ts), built for one request: its mail failures
   * are logged on `log` (the request's), and its mail links point at the configured origin, never the Host.
   */
  options(log: FastifyBaseLogger): TicketOptions;
  /** The same, with the object store the attachments live in (services/tickets/attachments.ts). */
  attachmentOptions(log: FastifyBaseLogger): TicketOptions & { storage: StorageConnector };
  /** Presents tickets for this user, with the portal ids of the people on them. */
  present(user: PortalUser, tickets: HelpdeskTicketRecord[]): Promise<Ticket[]>;
  presentOne(user: PortalUser, ticket: HelpdeskTicketRecord): Promise<Ticket>;
  /**
   * A ticket as `user` reads it (`GET /api/tickets/:id`, and the ticket page's server render): the ticket, its
   * comments, files, history and conversation.
   */
  details(user: PortalUser, id: number, log: FastifyBaseLogger): Promise<TicketDetails>;
}

declare module 'fastify' {
  interface FastifyInstance {
    tickets: TicketsArea;
  }
}

async function ticketsPlugin(app: FastifyInstance): Promise<void> {
  const { ticketing, product } = app.portalConfig;
  const clock = createSlaClock(app.portalConfig);
  const origin = mailOrigin(app.env);
  const options = (log: FastifyBaseLogger): TicketOptions => ({
    db: app.db,
    conversations: app.assistant.conversations,
    ticketDesk: app.connectors.ticketDesk,
    clock,
    mail: createTicketMailer({
      mailer: app.mailer,
      log,
      productName: product.name,
      onDutyEmails: ticketing.onDutyEmails,
      ticketLink: (id) => `${origin}${ticketUrl(id)}`,
    }),
    types: ticketing.types,
    dueSoonMinutes: ticketing.dueSoonMinutes,
  });
  const present = async (user: PortalUser, tickets: HelpdeskTicketRecord[]) => {
    const emails = tickets.flatMap((ticket) => [
      ticket.requester.email,
      ...(ticket.assignee ? [ticket.assignee.email] : []),
    ]);
    const view = {
      idsByEmail: await userIdsByEmail(app.db, emails),
      staff: user.role !== 'customer',
      now: Date.now(),
      dueSoonMinutes: ticketing.dueSoonMinutes,
    };
    return tickets.map((ticket) => presentTicket(ticket, view));
  };
  const presentOne = async (user: PortalUser, ticket: HelpdeskTicketRecord) => {
    const [presented] = await present(user, [ticket]);
    if (!presented) throw new Error('tickets: nothing presented');
    return presented;
  };
  app.decorate('tickets', {
    options,
    attachmentOptions: (log) => ({ ...options(log), storage: app.connectors.storage }),
    present,
    presentOne,
    async details(user, id, log) {
      const ticketOptions = options(log);
      const { ticket, comments, history, conversation } = await getTicket(ticketOptions, user, id);
      const attachments = await listAttachments(ticketOptions, ticket.id);
      return {
        ticket: await presentOne(user, ticket),
        comments: comments.map(presentComment),
        attachments: attachments.map(presentAttachment),
        history: history.map(presentTicketEvent),
        conversation,
      };
    },
  } satisfies TicketsArea);
}

export default fp(ticketsPlugin, { name: 'tickets', dependencies: ['foundation', 'assistant'] });
