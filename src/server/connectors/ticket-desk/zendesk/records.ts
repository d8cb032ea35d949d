import type { TicketEventKind, TicketPriority } from '../../../../common/tickets.js';
import { normalizeEmail } from '../../../../common/users.js';
import type { ZendeskUser } from '../../helpdesk/zendesk/schemas.js';
import type { HelpdeskTicketEvent, HelpdeskTicketRecord, TicketPerson } from '../types.js';
import type { auditPageSchema, ZendeskTicket } from './schemas.js';
import type { zendeskTicketState } from './schema.js';
import type { z } from 'zod';

/**
 * The field map between the portal's tickets and Zendesk's: priorities onto Zendesk's four (`urgent`, `high`,
 * `normal`, `low`, Tickets page https://developer.zendesk.com/api-reference/ticketing/tickets/tickets/), the
 * portal's ticket type, release and requester's provided id in custom ticket fields of the account (their ids
 * are settings), and the history read from the audits.
 */

export interface ZendeskTicketFields {
  /** `ZENDESK_TICKET_TYPE_FIELD`: a text field holding the portal's ticket type as written. */
  type: number;
  /** `ZENDESK_TICKET_RELEASE_FIELD`: a text field holding the release. */
  release: number;
  /** `ZENDESK_TICKET_PROVIDED_ID_FIELD`: a text field holding the requester's Controller or Customer ID. */
  providedId: number;
}

const TO_ZENDESK: Record<TicketPriority, 'urgent' | 'high' | 'normal'> = {
  P1: 'urgent',
  P2: 'high',
  P3: 'normal',
};

export const zendeskPriority = (priority: TicketPriority) => TO_ZENDESK[priority];

/** Zendesk's priority in the portal's terms; `low` and none are the portal's lowest, P3. */
export function portalPriority(priority: string | null | undefined): TicketPriority {
  if (priority === 'urgent') return 'P1';
  if (priority === 'high') return 'P2';
  return 'P3';
}

/** A ticket's custom fields as Tickets' `custom_fields` takes them: `[{id, value}]`. */
export function customFields(
  fields: ZendeskTicketFields,
  values: { type: string; release: string | null; providedId: string | null },
) {
  return [
    { id: fields.type, value: values.type },
    { id: fields.release, value: values.release },
    { id: fields.providedId, value: values.providedId },
  ];
}

const fieldText = (ticket: ZendeskTicket, id: number): string | null => {
  const value = ticket.custom_fields.find((field) => field.id === id)?.value;
  return typeof value === 'string' && value !== '' ? value : null;
};

export type TicketState = typeof zendeskTicketState.$inferSelect;

/** The users a sideloaded answer named, by id. */
export type UsersById = ReadonlyMap<number, ZendeskUser>;

export const usersById = (users: readonly ZendeskUser[]): Map<number, ZendeskUser> =>
  new Map(users.map((user) => [user.id, user]));

export function personOf(users: UsersById, id: number | null): TicketPerson | null {
  if (id === null) return null;
  const user = users.get(id);
  if (!user?.email) return { email: `zendesk-user-${id}`, name: user?.name ?? `Zendesk user ${id}` };
  return { email: normalizeEmail(user.email), name: user.name };
}

/** A Zendesk ticket in the portal's terms, with what the portal keeps of it (none for a ticket made in Zendesk). */
export function toTicketRecord(
  ticket: ZendeskTicket,
  users: UsersById,
  state: TicketState | undefined,
  fields: ZendeskTicketFields,
): HelpdeskTicketRecord {
  const requester = personOf(users, ticket.requester_id) ?? { email: '', name: '' };
  return {
    id: ticket.id,
    subject: ticket.subject ?? '',
    description: ticket.description ?? '',
    status: ticket.status,
    priority: portalPriority(ticket.priority),
    type: fieldText(ticket, fields.type) ?? 'Technical query',
    release: fieldText(ticket, fields.release),
    requester,
    organisation: state?.organisation ?? null,
    tier: state?.tier ?? null,
    assignee: personOf(users, ticket.assignee_id),
    firstResponseDueAt: state?.firstResponseDueAt ?? null,
    firstRespondedAt: state?.firstRespondedAt ?? null,
    lastAgentReplyAt: state?.lastAgentReplyAt ?? null,
    conversationId: state?.conversationId ?? null,
    createdAt: state?.openedAt ?? new Date(ticket.created_at),
    updatedAt: new Date(ticket.updated_at),
  };
}

/**
 * The comment the portal writes for a file a user attached: its files go with it through the Uploads API, and
 * the history shows it as the file, not as a reply.
 */
export const attachmentNote = (fileName: string) => `Attached file: ${fileName}`;
const ATTACHMENT_NOTE = /^Attached file: (.+)$/;
export const attachedFileOf = (body: string): string | undefined => ATTACHMENT_NOTE.exec(body)?.[1];

type Audit = z.infer<typeof auditPageSchema>['audits'][number];

const idText = (value: unknown): number | null =>
  typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : typeof value === 'number' ? value : null;

/**
 * The ticket's history from its audits, oldest first: the audit that created it (`created`), each comment
 * (`replied`, `noted` for `public: false`, `attached` for the portal's file comments), and each change of
 * status, priority or assignee. An event's actor is the comment's author when the audit holds one (the
 * portal writes a change and its comment as that person), else the audit's author.
 */
export function toTicketEvents(audits: readonly Audit[], users: UsersById): HelpdeskTicketEvent[] {
  const events: HelpdeskTicketEvent[] = [];
  const email = (id: number | null) => (id === null ? null : (personOf(users, id)?.email ?? null));
  for (const audit of audits) {
    const createdAt = new Date(audit.created_at);
    const comment = audit.events.find((event) => event.type === 'Comment');
    const actorEmail = email(comment?.author_id ?? audit.author_id) ?? '';
    const push = (kind: TicketEventKind, id: number, detail: Record<string, string | null>) =>
      events.push({ id, actorEmail, kind, detail, createdAt });
    const creates = audit.events.filter((event) => event.type === 'Create');
    if (creates.length > 0) {
      const priority = creates.find((event) => event.field_name === 'priority')?.value;
      push('created', audit.id, {
        priority: portalPriority(typeof priority === 'string' ? priority : null),
      });
    }
    for (const event of audit.events) {
      if (event.type === 'Comment' && creates.length === 0) {
        const files = (event.attachments ?? []).map((file) => file.file_name);
        const noted = attachedFileOf(event.body ?? '');
        if (noted === undefined) {
          push(event.public === false ? 'noted' : 'replied', event.id, { commentId: String(event.id) });
        }
        for (const file of files.length > 0 ? files : noted === undefined ? [] : [noted]) {
          push('attached', event.id, { to: file });
        }
      }
      if (event.type !== 'Change') continue;
      const from = event.previous_value;
      const to = event.value;
      if (event.field_name === 'status') {
        push('status', event.id, { from: typeof from === 'string' ? from : null, to: String(to) });
      } else if (event.field_name === 'priority') {
        push('priority', event.id, {
          from: portalPriority(typeof from === 'string' ? from : null),
          to: portalPriority(typeof to === 'string' ? to : null),
        });
      } else if (event.field_name === 'assignee_id') {
        push('assigned', event.id, { from: email(idText(from)), to: email(idText(to)) });
      }
    }
  }
  return events;
}
