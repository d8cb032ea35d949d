import { sql } from 'drizzle-orm';
import { SUPPORT_TIERS, TICKET_EVENT_KINDS, TICKET_PRIORITIES } from '../../../../common/tickets.js';
import { USER_TYPES } from '../../../../common/users.js';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { tsvector, weightedVector } from '../../../db/search-columns.js';
import type { TicketConversationMessage } from '../../ticket-desk/types.js';

/**
 * Tables of the built-in help desk. They belong to the help desk, not to the portal: the portal reaches them
 * only through the help-desk connector interface, exactly as it would reach a vendor's help desk.
 */

/** The help desk's own user records (a Zendesk end user or agent, in the vendor adapter). */
export const helpdeskUsers = pgTable(
  'helpdesk_users',
  {
    /** Lower-cased email: the help desk's login name. */
    email: text('email').primaryKey(),
    name: text('name').notNull(),
    role: text('role', { enum: USER_TYPES }).notNull(),
    providedId: text('provided_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The queue's words match the requester's name too (`ilike '%…%'`).
  (table) => [index('helpdesk_users_name_trgm_idx').using('gin', table.name.op('gin_trgm_ops'))],
);

/**
 * An authorization request of the help desk's sign-in page: the OAuth parameters it was opened with and the
 * one-time code emailed to the user (its hash only).
 */
export const helpdeskAuthRequests = pgTable(
  'helpdesk_auth_requests',
  {
    id: text('id').primaryKey(),
    clientId: text('client_id').notNull(),
    redirectUri: text('redirect_uri').notNull(),
    state: text('state').notNull(),
    codeChallenge: text('code_challenge').notNull(),
    email: text('email').notNull(),
    role: text('role', { enum: USER_TYPES }).notNull(),
    /** Hex SHA-256 of `<id>:<six digits>`. */
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('helpdesk_auth_requests_expires_at_idx').on(table.expiresAt)],
);

/**
 * What each address did lately at the authorization page: a code issued (`code`, mailed or not) or a wrong
 * code entered (`wrong_code`). The per-address limits count these rows over a sliding window, in the
 * database, so every instance sees the same counts; rows older than the window are swept.
 */
export const helpdeskSignInEvents = pgTable(
  'helpdesk_sign_in_events',
  {
    id: serial('id').primaryKey(),
    /** Lower-cased, as `login_hint` was given: addresses without a user are limited the same way. */
    email: text('email').notNull(),
    kind: text('kind', { enum: ['code', 'wrong_code'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('helpdesk_sign_in_events_email_idx').on(table.email, table.kind, table.createdAt),
    index('helpdesk_sign_in_events_created_at_idx').on(table.createdAt),
  ],
);

/**
 * The help desk's tickets. A customer sees the ones they requested as "My Requests"; agents search them all
 * as "Tickets". The requester is the help desk's user (keyed by email, like `helpdesk_users`). The search
 * vector covers the subject, the description and the public comments (`public_comments`, appended as they
 * are written), never the internal notes, so a requester's search finds nothing an agent kept internal;
 * `staff_search` adds the internal notes for the agents' Tickets search.
 */
export const helpdeskTickets = pgTable(
  'helpdesk_tickets',
  {
    id: serial('id').primaryKey(),
    subject: text('subject').notNull(),
    description: text('description').notNull(),
    status: text('status', { enum: ['new', 'open', 'pending', 'hold', 'solved', 'closed'] }).notNull(),
    priority: text('priority', { enum: TICKET_PRIORITIES }).notNull().default('P3'),
    type: text('type').notNull().default('Technical query'),
    /** The product release the ticket is about (the controller release, e.g. 8.1). */
    release: text('release'),
    /** Lower-cased email of the requester (a `helpdesk_users` key). */
    requesterEmail: text('requester_email').notNull(),
    /** The requester's organisation and its support tier when the ticket was opened. */
    organisation: text('organisation'),
    tier: text('tier', { enum: SUPPORT_TIERS }),
    /** Lower-cased email of the agent it is assigned to. */
    assigneeEmail: text('assignee_email'),
    firstResponseDueAt: timestamp('first_response_due_at', { withTimezone: true }),
    /** The first public reply of an agent: it stops the first-response clock. */
    firstRespondedAt: timestamp('first_responded_at', { withTimezone: true }),
    /** The assistant's conversation the ticket was opened from (the assistant issue attaches it). */
    conversationId: text('conversation_id'),
    /** That conversation as it stood when the ticket was opened: the agent reads it on the ticket. */
    conversation: jsonb('conversation').$type<TicketConversationMessage[]>(),
    publicComments: text('public_comments').notNull().default(''),
    /** The internal notes' text, for the agents' search only. */
    internalNotes: text('internal_notes').notNull().default(''),
    search: tsvector('search').generatedAlwaysAs(
      weightedVector('subject', "description || ' ' || public_comments"),
    ),
    staffSearch: tsvector('staff_search').generatedAlwaysAs(
      weightedVector('subject', "description || ' ' || public_comments || ' ' || internal_notes"),
    ),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('helpdesk_tickets_requester_email_idx').on(table.requesterEmail),
    index('helpdesk_tickets_organisation_idx').on(table.organisation),
    index('helpdesk_tickets_due_idx').on(table.firstResponseDueAt),
    index('helpdesk_tickets_search_idx').using('gin', table.search),
    index('helpdesk_tickets_staff_search_idx').using('gin', table.staffSearch),
    // The queue's lists (ticket-desk/builtin/tickets.ts) at a million tickets: each filter with the list's
    // order (newest change first), so a page and its bounded count read a few index entries, not the table.
    // Ascending on purpose: read backwards, they give `updated_at desc, id desc` exactly (a `desc` index
    // here is `desc nulls last`, which that order, nulls first, cannot use).
    index('helpdesk_tickets_updated_idx').on(table.updatedAt, table.id),
    index('helpdesk_tickets_status_updated_idx').on(table.status, table.updatedAt, table.id),
    index('helpdesk_tickets_priority_updated_idx').on(table.priority, table.updatedAt, table.id),
    index('helpdesk_tickets_assignee_updated_idx').on(table.assigneeEmail, table.updatedAt, table.id),
    // The tickets whose first-response clock can run, oldest first: what the queue reads whole for its due
    // order (services/tickets/ticket-queue.ts). Its statuses are the clock's (CLOCK_RUNNING_STATUSES).
    index('helpdesk_tickets_waiting_idx')
      .on(table.createdAt, table.id)
      .where(sql`first_responded_at is null and status in ('new', 'open', 'pending', 'hold')`),
    // The queue's words (`q=`, a substring anywhere, case-insensitive): trigram indexes answer `ilike '%…%'`.
    index('helpdesk_tickets_subject_trgm_idx').using('gin', table.subject.op('gin_trgm_ops')),
    index('helpdesk_tickets_requester_email_trgm_idx').using('gin', table.requesterEmail.op('gin_trgm_ops')),
  ],
);

/** Replies (public) and internal notes of a ticket; authors are copied as they were when writing. */
export const helpdeskTicketComments = pgTable(
  'helpdesk_ticket_comments',
  {
    id: serial('id').primaryKey(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => helpdeskTickets.id, { onDelete: 'cascade' }),
    authorEmail: text('author_email').notNull(),
    authorName: text('author_name').notNull(),
    authorType: text('author_type', { enum: USER_TYPES }).notNull(),
    body: text('body').notNull(),
    internal: boolean('internal').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('helpdesk_ticket_comments_ticket_idx').on(table.ticketId, table.createdAt)],
);

/**
 * The event history of a ticket: created, replied, noted, attached, and each change of status, priority or
 * assignee.
 */
export const helpdeskTicketEvents = pgTable(
  'helpdesk_ticket_events',
  {
    id: serial('id').primaryKey(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => helpdeskTickets.id, { onDelete: 'cascade' }),
    actorEmail: text('actor_email').notNull(),
    kind: text('kind', { enum: TICKET_EVENT_KINDS }).notNull(),
    /** What changed: `{from, to}` for a change, `{to: file name}` for an attachment. */
    detail: jsonb('detail').$type<Record<string, string | null>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('helpdesk_ticket_events_ticket_idx').on(table.ticketId, table.createdAt)],
);
