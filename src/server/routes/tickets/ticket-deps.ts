import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { HelpdeskTicketRecord } from '../../connectors/helpdesk/ticket-types.js';
import { mailOrigin } from '../../plugins/origin.js';
import type { PortalUser } from '../../services/auth/users.js';
import { createSlaClock, type SlaClock } from '../../services/tickets/sla-clock.js';
import { userIdsByEmail } from '../../services/tickets/ticket-people.js';
import { createTicketMailer } from '../../services/tickets/ticket-mail.js';
import type { TicketDeps } from '../../services/tickets/tickets.js';
import {
  presentAttachment,
  presentComment,
  presentTicket,
  presentTicketEvent,
} from '../../presenters/tickets.js';
import { listAttachments } from '../../services/tickets/attachments.js';
import { getTicket } from '../../services/tickets/tickets.js';
import type { TicketDetails } from '../../../common/contracts/tickets.js';
import { ticketUrl } from '../../../common/tickets.js';
import { conversationStore } from '../assistant/assistant-deps.js';

const clocks = new WeakMap<FastifyInstance, SlaClock>();

/** What the ticket service needs for one request (mail links point at the configured origin, never the Host). */
export function ticketDeps(app: FastifyInstance, request: FastifyRequest): TicketDeps {
  let clock = clocks.get(app);
  if (!clock) {
    clock = createSlaClock(app.portalConfig);
    clocks.set(app, clock);
  }
  const origin = mailOrigin(app.env);
  const { ticketing } = app.portalConfig;
  return {
    db: app.db,
    conversations: conversationStore(app),
    helpdesk: app.connectors.helpdesk,
    clock,
    mail: createTicketMailer({
      mailer: app.mailer,
      log: request.log,
      productName: app.portalConfig.product.name,
      onDutyEmails: ticketing.onDutyEmails,
      ticketLink: (id) => `${origin}${ticketUrl(id)}`,
    }),
    types: ticketing.types,
    dueSoonMinutes: ticketing.dueSoonMinutes,
  };
}

/** Presents tickets for this user, with the portal ids of the people on them. */
export async function presentTickets(
  app: FastifyInstance,
  user: PortalUser,
  tickets: HelpdeskTicketRecord[],
) {
  const emails = tickets.flatMap((ticket) => [
    ticket.requester.email,
    ...(ticket.assignee ? [ticket.assignee.email] : []),
  ]);
  const view = {
    idsByEmail: await userIdsByEmail(app.db, emails),
    staff: user.role !== 'customer',
    now: Date.now(),
    dueSoonMinutes: app.portalConfig.ticketing.dueSoonMinutes,
  };
  return tickets.map((ticket) => presentTicket(ticket, view));
}

export async function presentOneTicket(app: FastifyInstance, user: PortalUser, ticket: HelpdeskTicketRecord) {
  const [presented] = await presentTickets(app, user, [ticket]);
  if (!presented) throw new Error('tickets: nothing presented');
  return presented;
}

/** `GET /api/tickets/:id` as `user` gets it: the ticket, its comments, files, history and conversation. */
export async function ticketDetails(
  app: FastifyInstance,
  request: FastifyRequest,
  user: PortalUser,
  id: number,
): Promise<TicketDetails> {
  const deps = ticketDeps(app, request);
  const { ticket, comments, history, conversation } = await getTicket(deps, user, id);
  const attachments = await listAttachments(deps, ticket.id);
  return {
    ticket: await presentOneTicket(app, user, ticket),
    comments: comments.map(presentComment),
    attachments: attachments.map(presentAttachment),
    history: history.map(presentTicketEvent),
    conversation,
  };
}
