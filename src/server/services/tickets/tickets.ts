import type {
  CreateTicketBody,
  ListTicketsQuery,
  UpdateTicketBody,
} from '../../../common/contracts/tickets.js';
import { TICKETS_PAGE_SIZE } from '../../../common/contracts/tickets.js';
import {
  IN_PROGRESS_STATUSES,
  OPEN_WORK_STATUSES,
  type TicketStatus,
  type TicketStatusFilter,
} from '../../../common/tickets.js';
import type {
  HelpdeskComment,
  HelpdeskTicketRecord,
  TicketConversationMessage,
  TicketChanges,
  TicketScope,
  TicketDeskConnector,
} from '../../connectors/ticket-desk/types.js';
import { ServiceError } from '../../lib/errors.js';
import type { PortalUser } from '../auth/users.js';
import {
  conversationMessages,
  findConversation,
  type ConversationOptions,
} from '../assistant/conversations.js';
import type { SlaClock } from './sla-clock.js';
import { listQueue } from './ticket-queue.js';
import { findStaff, requesterContext } from './ticket-people.js';
import { announceTicketChange, type TicketEventOptions } from './ticket-events.js';
import { linkDeflectionTicket } from './deflection.js';
import type { TicketMailer } from './ticket-mail.js';

/**
 * What the ticket calls take first, then the user they act for, then their input. Built per request by the
 * tickets plugin (`app.tickets.options(log)`): its mailer logs failures on the request's logger.
 */
export interface TicketOptions extends TicketEventOptions {
  /** The assistant's conversations, attached to a ticket opened from one. */
  conversations: ConversationOptions;
  ticketDesk: TicketDeskConnector;
  clock: SlaClock;
  mail: TicketMailer;
  types: readonly string[];
  dueSoonMinutes: number;
  /** A list counts at most this many tickets (TICKET_LIST_COUNT_MAX). */
  listCountMax: number;
}

/** What deciding which tickets a user sees reads of them. */
export type TicketViewer = Pick<PortalUser, 'id' | 'email' | 'role'>;

const isStaff = (user: TicketViewer) => user.role !== 'customer';

/** The same answer for a ticket that does not exist and one the user may not see (no ticket numbers leak). */
const notFound = () => new ServiceError('NOT_FOUND', 'There is no ticket with this number.');

export async function scopeOf(options: TicketOptions, user: TicketViewer): Promise<TicketScope> {
  if (isStaff(user)) return { kind: 'all' };
  const context = await requesterContext(options.db, { id: user.id });
  return context.organisationAdmin && context.organisation
    ? { kind: 'organisation', organisation: context.organisation, email: user.email }
    : { kind: 'requester', email: user.email };
}

/** Whether a ticket (or a change of one) is this scope's to see. */
export function inScope(
  scope: TicketScope,
  ticket: { requesterEmail: string; organisation: string | null },
): boolean {
  if (scope.kind === 'all') return true;
  if (ticket.requesterEmail === scope.email) return true;
  return scope.kind === 'organisation' && ticket.organisation === scope.organisation;
}

/**
 * A closed ticket is final for everyone and every way of changing it (a reply, a note, a file, a status,
 * priority or assignee): what happens next belongs in a new ticket, as help desks have it. Solved is not
 * final: a reply reopens it.
 */
export function refuseClosed(ticket: Pick<HelpdeskTicketRecord, 'status'>, what: string): void {
  if (ticket.status === 'closed') {
    throw new ServiceError('CONFLICT', `This ticket is closed and ${what}. Please open a new ticket.`);
  }
}

/** The ticket if this user may see it; NOT_FOUND otherwise. */
export async function visibleTicket(
  options: TicketOptions,
  user: TicketViewer,
  id: number,
): Promise<HelpdeskTicketRecord> {
  const ticket = await options.ticketDesk.getTicket(id);
  if (
    !ticket ||
    !inScope(await scopeOf(options, user), { ...ticket, requesterEmail: ticket.requester.email })
  ) {
    throw notFound();
  }
  return ticket;
}

/**
 * The conversation a ticket is opened from, as the customer saw it: theirs only (another user's id is
 * refused like a missing one, so none is confirmed to exist).
 */
async function conversationToAttach(
  conversations: ConversationOptions,
  user: PortalUser,
  conversationId: string,
): Promise<TicketConversationMessage[]> {
  try {
    await findConversation(conversations, user.id, conversationId);
  } catch (error) {
    if (error instanceof ServiceError && error.code === 'NOT_FOUND') {
      throw new ServiceError(
        'INVALID_INPUT',
        'body.conversationId: you have no conversation with the assistant of this id',
      );
    }
    throw error;
  }
  const messages = await conversationMessages(conversations, conversationId);
  return messages.map((message) => ({
    role: message.role,
    text: message.text,
    passages: message.passages.map(({ title, url, excerpt }) => ({ title, url, excerpt })),
    createdAt: message.createdAt.toISOString(),
  }));
}

/**
 * Ticket Creation (customers): the requester is the signed-in customer, the organisation and tier those of
 * their account, and the first-response due time follows the SLA table and its clock.
 */
export async function createTicket(options: TicketOptions, user: PortalUser, body: CreateTicketBody) {
  if (!options.types.includes(body.type)) {
    throw new ServiceError('INVALID_INPUT', `body.type: must be one of ${options.types.join(', ')}`);
  }
  const conversation = body.conversationId
    ? await conversationToAttach(options.conversations, user, body.conversationId)
    : null;
  const context = await requesterContext(options.db, { id: user.id });
  const createdAt = new Date();
  const ticket = await options.ticketDesk.createTicket({
    subject: body.subject,
    description: body.description,
    priority: body.priority,
    type: body.type,
    release: body.release || null,
    conversationId: body.conversationId ?? null,
    conversation,
    requesterEmail: user.email,
    requesterProvidedId: user.providedId,
    organisation: context.organisation,
    tier: context.tier,
    createdAt,
    firstResponseDueAt: options.clock({
      createdAt,
      priority: body.priority,
      tier: context.tier,
      timeZone: context.timeZone,
    }),
  });
  options.mail.received(ticket, context.timeZone);
  if (ticket.priority === 'P1') options.mail.newP1(ticket);
  if (body.deflectionId) await linkDeflectionTicket(options.db, user.id, body.deflectionId, ticket.id);
  await announceTicketChange(options, ticket, 'created');
  return ticket;
}

function statusesOf(filter: TicketStatusFilter): readonly TicketStatus[] | undefined {
  if (filter === 'any') return undefined;
  if (filter === 'open-work') return OPEN_WORK_STATUSES;
  if (filter === 'in-progress') return IN_PROGRESS_STATUSES;
  return [filter];
}

/**
 * A page of tickets: a customer's own (an organisation admin's: the organisation's), every ticket for staff,
 * with the due filters and the due order the portal's clock gives (ticket-queue.ts).
 */
export async function listTickets(options: TicketOptions, user: PortalUser, query: ListTicketsQuery) {
  const scope = await scopeOf(options, user);
  const staff = isStaff(user);
  let assigneeEmail: string | null | undefined;
  if (query.assignee !== undefined && staff) {
    if (query.assignee === 'none') assigneeEmail = null;
    else if (query.assignee === 'me') assigneeEmail = user.email;
    else {
      const staff = await findStaff(options.db, query.assignee);
      if (!staff)
        throw new ServiceError('INVALID_INPUT', 'querystring.assignee: must be me, none or an agent');
      assigneeEmail = staff.email;
    }
  }
  return listQueue(
    {
      ticketDesk: options.ticketDesk,
      now: Date.now(),
      dueSoonMinutes: options.dueSoonMinutes,
      countMax: options.listCountMax,
    },
    {
      scope,
      statuses: statusesOf(query.status),
      priority: query.priority,
      organisation: staff ? query.organisation : undefined,
      text: query.q,
      assigneeEmail,
      due: query.due,
      sort: query.sort,
      limit: TICKETS_PAGE_SIZE,
      offset: (query.page - 1) * TICKETS_PAGE_SIZE,
    },
  );
}

/**
 * A ticket, its comments, the assistant's conversation it was opened from (and, for staff, its history); a
 * customer never receives an internal note.
 */
export async function getTicket(options: TicketOptions, user: PortalUser, id: number) {
  const ticket = await visibleTicket(options, user, id);
  const staff = isStaff(user);
  const [comments, history, conversation] = await Promise.all([
    options.ticketDesk.listComments(id, { includeInternal: staff }),
    staff ? options.ticketDesk.listTicketEvents(id) : Promise.resolve([]),
    ticket.conversationId ? options.ticketDesk.ticketConversation(id) : Promise.resolve(null),
  ]);
  return { ticket, comments, history, conversation };
}

/**
 * A reply or an internal note. Customers reply in public only; their reply reopens a pending or solved
 * ticket (a closed one takes none). An agent's public reply opens a new ticket, stops its clock and is mailed
 * to the requester.
 */
export async function addComment(
  options: TicketOptions,
  user: PortalUser,
  id: number,
  input: { body: string; internal: boolean; status?: TicketStatus | undefined },
): Promise<{ comment: HelpdeskComment; ticket: HelpdeskTicketRecord }> {
  const ticket = await visibleTicket(options, user, id);
  const staff = isStaff(user);
  if (input.internal && !staff)
    throw new ServiceError('FORBIDDEN', 'body.internal: only agents write internal notes');
  if (input.status && !staff)
    throw new ServiceError('FORBIDDEN', 'body.status: only agents change the status with a reply');
  refuseClosed(ticket, 'takes no more replies');
  let status: TicketStatus | undefined;
  if (!staff && (ticket.status === 'pending' || ticket.status === 'solved')) status = 'open';
  if (staff && !input.internal && ticket.status === 'new') status = 'open';
  if (input.status && input.status !== ticket.status) status = input.status;
  const result = await options.ticketDesk.addComment({
    ticketId: id,
    author: { email: user.email, name: user.name, type: staff ? 'agent' : 'customer' },
    body: input.body,
    internal: input.internal,
    ...(status ? { status } : {}),
  });
  if (staff && !input.internal) options.mail.replied(result.ticket, result.comment);
  if (status === 'solved' && ticket.status !== 'solved') options.mail.solved(result.ticket);
  await announceTicketChange(options, result.ticket, 'commented');
  return result;
}

/**
 * Status, priority and assignee. A customer may only mark their ticket solved; agents change everything. A
 * new priority before the first response moves the due time to the new target, counted from creation.
 */
export async function updateTicket(
  options: TicketOptions,
  user: PortalUser,
  id: number,
  body: UpdateTicketBody,
) {
  const ticket = await visibleTicket(options, user, id);
  refuseClosed(ticket, 'can no longer be changed');
  const staff = isStaff(user);
  if (
    !staff &&
    (body.priority !== undefined ||
      body.assigneeId !== undefined ||
      (body.status && body.status !== 'solved'))
  ) {
    throw new ServiceError(
      'FORBIDDEN',
      'Customers may only mark their ticket solved; agents change the rest.',
    );
  }
  const changes: TicketChanges = {};
  if (body.status) changes.status = body.status;
  if (body.priority && body.priority !== ticket.priority) {
    changes.priority = body.priority;
    if (!ticket.firstRespondedAt) {
      changes.firstResponseDueAt = options.clock({
        createdAt: ticket.createdAt,
        priority: body.priority,
        tier: ticket.tier ?? 'Basic',
        // The requester's organisation's time zone: the 8/5 clock counts in it.
        timeZone: (await requesterContext(options.db, { email: ticket.requester.email })).timeZone,
      });
    }
  }
  if (body.assigneeId !== undefined) {
    if (body.assigneeId === null) changes.assigneeEmail = null;
    else {
      const staffUser = await findStaff(options.db, body.assigneeId);
      if (!staffUser) throw new ServiceError('INVALID_INPUT', 'body.assigneeId: must be an agent or admin');
      changes.assigneeEmail = staffUser.email;
    }
  }
  const updated = await options.ticketDesk.updateTicket(id, changes, user.email);
  if (!updated) throw notFound();
  if (staff && changes.status === 'solved' && ticket.status !== 'solved') options.mail.solved(updated);
  await announceTicketChange(options, updated, 'updated');
  return updated;
}
