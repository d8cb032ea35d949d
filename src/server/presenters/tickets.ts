import { apiPaths } from '../../common/api-paths.js';
import type {
  Ticket,
  TicketAttachment,
  TicketComment,
  TicketEventEntry,
} from '../../common/contracts/tickets.js';
import type { TicketAttachmentRow } from '../db/schema/index.js';
import { ticketUrl } from '../../common/tickets.js';
import { dueState } from '../services/tickets/sla-clock.js';
import type {
  HelpdeskComment,
  HelpdeskTicketEvent,
  HelpdeskTicketRecord,
} from '../connectors/ticket-desk/types.js';

export interface TicketView {
  /** Portal user ids of the emails on the tickets (requesters, assignees). */
  idsByEmail: Map<string, string>;
  /** Staff see the assignee; customers do not. */
  staff: boolean;
  now: number;
  dueSoonMinutes: number;
  /** When the reader last opened each ticket (customers; staff get no unseen-reply mark). */
  viewedAt: Map<number, Date>;
}

/** An agent replied in public after the customer last opened the ticket (or they never did). */
function unseenReply(ticket: HelpdeskTicketRecord, view: TicketView): boolean {
  if (view.staff || ticket.lastAgentReplyAt === null) return false;
  const viewed = view.viewedAt.get(ticket.id);
  return viewed === undefined || ticket.lastAgentReplyAt > viewed;
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function presentTicket(ticket: HelpdeskTicketRecord, view: TicketView): Ticket {
  const firstResponseDueAt = iso(ticket.firstResponseDueAt);
  const firstRespondedAt = iso(ticket.firstRespondedAt);
  return {
    id: ticket.id,
    subject: ticket.subject,
    description: ticket.description,
    status: ticket.status,
    priority: ticket.priority,
    type: ticket.type,
    release: ticket.release,
    requester: { id: view.idsByEmail.get(ticket.requester.email) ?? null, ...ticket.requester },
    organisation: ticket.organisation,
    tier: ticket.tier,
    assignee:
      view.staff && ticket.assignee
        ? { id: view.idsByEmail.get(ticket.assignee.email) ?? null, ...ticket.assignee }
        : null,
    createdAt: ticket.createdAt.toISOString(),
    updatedAt: ticket.updatedAt.toISOString(),
    firstResponseDueAt,
    firstRespondedAt,
    dueState: dueState(ticket, view.now, view.dueSoonMinutes),
    conversationId: ticket.conversationId,
    unseenReply: unseenReply(ticket, view),
    url: ticketUrl(ticket.id),
  };
}

/** A comment without its author's email: a customer reads an agent's name, not their address. */
export function presentComment(comment: HelpdeskComment): TicketComment {
  return {
    id: comment.id,
    body: comment.body,
    internal: comment.internal,
    author: { name: comment.author.name, type: comment.author.type },
    createdAt: comment.createdAt.toISOString(),
  };
}

/** An attachment: its name, type and size, and the portal link that redirects to a signed download. */
export function presentAttachment(row: TicketAttachmentRow): TicketAttachment {
  return {
    id: row.id,
    fileName: row.fileName,
    contentType: row.contentType,
    size: row.size,
    uploadedBy: row.uploaderName,
    createdAt: row.createdAt.toISOString(),
    url: apiPaths.tickets.attachment
      .replace(':id', String(row.ticketId))
      .replace(':attachmentId', String(row.id)),
  };
}

/** A history entry: the actor's address (staff read it), the change's before and after. */
export function presentTicketEvent(event: HelpdeskTicketEvent): TicketEventEntry {
  return {
    kind: event.kind,
    actor: event.actorEmail,
    from: event.detail.from ?? null,
    to: event.detail.to ?? null,
    createdAt: event.createdAt.toISOString(),
  };
}
