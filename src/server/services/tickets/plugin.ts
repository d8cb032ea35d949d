import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type {
  ListTicketsQuery,
  Ticket,
  TicketDetails,
  TicketList,
} from '../../../common/contracts/tickets.js';
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
import { announceTicketChange, type TicketEventKind } from './ticket-events.js';
import type { PortalUser } from '../auth/users.js';
import { createSlaClock } from './sla-clock.js';
import { createTicketMailer } from './ticket-mail.js';
import { userIdsByEmail } from './ticket-people.js';
import { createLastKnown } from './last-known.js';
import { lastTicketViews, recordTicketView } from './ticket-views.js';
import { getTicket, listTickets, type TicketOptions } from './tickets.js';

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
   * A page of tickets as `user` reads it (`GET /api/tickets`, and the list's server render). When the desk
   * does not answer, the last page this user read with the same filters, marked `stale` (last-known.ts).
   */
  list(user: PortalUser, query: ListTicketsQuery, log: FastifyBaseLogger): Promise<TicketList>;
  /**
   * A ticket as `user` reads it (`GET /api/tickets/:id`, and the ticket page's server render): the ticket, its
   * comments, files, history and conversation; when the desk does not answer, as this user last read it,
   * marked `stale`.
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
  // What this instance announced, counted by kind (`portal_ticket_events_total`).
  const onTicketEvent = (kind: TicketEventKind) => app.metrics.ticketEventAnnounced(kind);
  const options = (log: FastifyBaseLogger): TicketOptions => ({
    db: app.db,
    onTicketEvent,
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
    listCountMax: app.env.TICKET_LIST_COUNT_MAX,
  });
  const present = async (user: PortalUser, tickets: HelpdeskTicketRecord[]) => {
    const emails = tickets.flatMap((ticket) => [
      ticket.requester.email,
      ...(ticket.assignee ? [ticket.assignee.email] : []),
    ]);
    const staff = user.role !== 'customer';
    const [idsByEmail, viewedAt] = await Promise.all([
      userIdsByEmail(app.db, emails),
      staff
        ? new Map<number, Date>()
        : lastTicketViews(
            app.db,
            user.id,
            tickets.map((ticket) => ticket.id),
          ),
    ]);
    const view = {
      idsByEmail,
      viewedAt,
      staff,
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
  const lastLists = createLastKnown<TicketList>();
  const lastDetails = createLastKnown<TicketDetails>();
  app.decorate('tickets', {
    options,
    attachmentOptions: (log) => ({ ...options(log), storage: app.connectors.storage }),
    present,
    presentOne,
    list: (user, query, log) =>
      lastLists.read(`${user.id}:${JSON.stringify(query)}`, async () => {
        const { tickets, count, countIsExact } = await listTickets(options(log), user, query);
        return { tickets: await present(user, tickets), count, countIsExact };
      }),
    details: (user, id, log) =>
      lastDetails.read(`${user.id}:${id}`, async () => {
        const ticketOptions = options(log);
        const { ticket, comments, history, conversation } = await getTicket(ticketOptions, user, id);
        if (user.role === 'customer') await recordTicketView(app.db, user.id, ticket.id);
        const attachments = await listAttachments(ticketOptions, ticket.id);
        return {
          ticket: await presentOne(user, ticket),
          comments: comments.map(presentComment),
          attachments: attachments.map(presentAttachment),
          history: history.map(presentTicketEvent),
          conversation,
        };
      }),
  } satisfies TicketsArea);
  // A change made at the desk itself (Zendesk's agent console) reaches the open pages as one made here does.
  app.connectors.ticketDesk.onDeskChange?.((ticket) =>
    announceTicketChange({ db: app.db, onTicketEvent }, ticket, 'desk'),
  );
  // A desk asked for its changes (Zendesk without its webhook) is polled once the server starts (main.ts).
  const poll = app.connectors.ticketDesk.changePoll;
  if (poll) {
    app.addHook('onClose', async () => {
      await poll.stop();
    });
  }
}

export default fp(ticketsPlugin, { name: 'tickets', dependencies: ['foundation', 'assistant'] });
