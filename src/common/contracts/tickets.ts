import { z } from 'zod';
import {
  DUE_STATES,
  SUPPORT_TIERS,
  TICKET_EVENT_KINDS,
  TICKET_PRIORITIES,
  TICKET_STATUSES,
  TICKET_STATUS_FILTERS,
  TICKET_SUBJECT_MAX,
  TICKET_TEXT_MAX,
  TICKETS_BULK_MAX,
  TICKETS_PAGE_SIZE,
  REPLY_STATUSES,
} from '../tickets.js';
import { storableText } from './text.js';

/** `/api/tickets` (the spec leaves the ticket calls open). */

export { TICKET_SUBJECT_MAX, TICKET_TEXT_MAX, TICKETS_PAGE_SIZE };

/** A ticket number in a path: digits only, in range of the id column (a 20-digit number is a 404, not a 500). */
export const ticketIdParamsSchema = z.object({
  id: z.string().regex(/^\d{1,9}$/, 'must be a ticket number'),
});

export const createTicketBodySchema = z.object({
  subject: storableText().trim().min(1, 'is required').max(TICKET_SUBJECT_MAX),
  description: storableText().trim().min(1, 'is required').max(TICKET_TEXT_MAX),
  priority: z.enum(TICKET_PRIORITIES),
  type: storableText().trim().min(1, 'is required').max(60),
  release: storableText().trim().max(20).optional(),
  /**
   * The assistant's conversation the ticket comes from: one of the caller's own. The server attaches its
   * questions, the passages shown and the answers to the ticket as they stand.
   */
  conversationId: z.uuid('must be the id of one of your conversations with the assistant').optional(),
  /** The form's id of its suggested articles (`POST /api/tickets/deflection`): they are recorded with the ticket. */
  deflectionId: z.uuid('must be the id of the ticket form').optional(),
});
export type CreateTicketBody = z.infer<typeof createTicketBodySchema>;

const person = z.object({ id: z.string().nullable(), name: z.string(), email: z.string() });

export const ticketSchema = z.object({
  id: z.number().int(),
  subject: z.string(),
  description: z.string(),
  status: z.enum(TICKET_STATUSES),
  priority: z.enum(TICKET_PRIORITIES),
  type: z.string(),
  release: z.string().nullable(),
  requester: person,
  organisation: z.string().nullable(),
  tier: z.enum(SUPPORT_TIERS).nullable(),
  /** Agents only see who it is assigned to; customers get null. */
  assignee: person.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  firstResponseDueAt: z.string().nullable(),
  firstRespondedAt: z.string().nullable(),
  dueState: z.enum(DUE_STATES),
  /** The assistant's conversation the ticket was opened from, if any. */
  conversationId: z.string().nullable(),
  /**
   * An agent replied in public after the reader last opened the ticket (customers; always false for
   * staff): My Requests marks it.
   */
  unseenReply: z.boolean(),
  url: z.string(),
});
export type Ticket = z.infer<typeof ticketSchema>;

export const commentSchema = z.object({
  id: z.number().int(),
  body: z.string(),
  internal: z.boolean(),
  author: z.object({ name: z.string(), type: z.enum(['customer', 'agent']) }),
  createdAt: z.string(),
});
export type TicketComment = z.infer<typeof commentSchema>;

export const attachmentSchema = z.object({
  id: z.number().int(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  uploadedBy: z.string(),
  createdAt: z.string(),
  /** Where it downloads from: a redirect to a signed five-minute link. */
  url: z.string(),
});
export type TicketAttachment = z.infer<typeof attachmentSchema>;
export const attachmentItemSchema = z.object({ attachment: attachmentSchema });

export const attachmentParamsSchema = ticketIdParamsSchema.extend({
  attachmentId: z.string().regex(/^\d{1,9}$/, 'must be an attachment number'),
});

export const attachmentQuerySchema = z.object({
  name: storableText().trim().min(1, 'is required').max(255),
});

export const ticketItemSchema = z.object({ ticket: ticketSchema });
/**
 * One entry of a ticket's event history (staff only): who did what, and from what to what (`to` is the file
 * name of an attachment).
 */
export const ticketEventEntrySchema = z.object({
  kind: z.enum(TICKET_EVENT_KINDS),
  actor: z.string(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  createdAt: z.string(),
});
export type TicketEventEntry = z.infer<typeof ticketEventEntrySchema>;

/** One message of the assistant's conversation a ticket was opened from, as the customer saw it. */
export const ticketConversationMessageSchema = z.object({
  role: z.enum(['user', 'assistant']),
  /** The question, or the assistant's generated answer ('' when it showed passages only). */
  text: z.string(),
  passages: z.array(z.object({ title: z.string(), url: z.string(), excerpt: z.string() })),
  createdAt: z.string(),
});
export type TicketConversationEntry = z.infer<typeof ticketConversationMessageSchema>;

/**
 * Set when the ticket desk (Zendesk) did not answer and the portal shows the last answer it had instead:
 * `since` is when that answer was read. Absent on a fresh answer.
 */
export const staleSchema = z.object({ since: z.string() }).optional();

export const ticketDetailsSchema = z.object({
  ticket: ticketSchema,
  comments: z.array(commentSchema),
  attachments: z.array(attachmentSchema),
  /** The assistant's conversation the ticket was opened from (null when it was not). */
  conversation: z.array(ticketConversationMessageSchema).nullable(),
  /** The event history, for staff; empty for customers. */
  history: z.array(ticketEventEntrySchema),
  stale: staleSchema,
});
export type TicketDetails = z.infer<typeof ticketDetailsSchema>;
export const ticketListSchema = z.object({
  tickets: z.array(ticketSchema),
  /** The tickets the filters select; with `countIsExact` false, more than this (the count stops there). */
  count: z.number().int(),
  /**
   * False when counting stopped at the server's bound (TICKET_LIST_COUNT_MAX, 10,000 by default): a list of
   * a million tickets is paged, not counted; the pages go on past `count`.
   */
  countIsExact: z.boolean(),
  stale: staleSchema,
});
export type TicketList = z.infer<typeof ticketListSchema>;

export const listTicketsQuerySchema = z.object({
  /**
   * One status, `open-work` (new, open, pending, hold), `in-progress` (new, open, hold: what a customer reads
   * as In progress) or `any` (the default).
   */
  status: z.enum(TICKET_STATUS_FILTERS).default('any'),
  priority: z.enum(TICKET_PRIORITIES).optional(),
  due: z.enum(DUE_STATES).optional(),
  /** Agents: `me`, `none` (unassigned) or a user id. */
  assignee: storableText().trim().max(100).optional(),
  /** Agents: the requester's organisation, as the tickets name it. */
  organisation: storableText().trim().min(1).max(200).optional(),
  /** Words of the subject, the requester's name or email, or a ticket number. */
  q: storableText().trim().min(1).max(200).optional(),
  sort: z.enum(['due', 'updated']).default('due'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type ListTicketsQuery = z.infer<typeof listTicketsQuerySchema>;

export const commentBodySchema = z.object({
  body: storableText().trim().min(1, 'is required').max(TICKET_TEXT_MAX),
  /** An internal note, for agents only. */
  internal: z.boolean().default(false),
  /** Agents: the status the ticket takes with this reply or note, in the same step ("Submit as Solved"). */
  status: z.enum(REPLY_STATUSES).optional(),
});

export const commentItemSchema = z.object({ comment: commentSchema });

export const updateTicketBodySchema = z
  .object({
    status: z.enum(TICKET_STATUSES).optional(),
    priority: z.enum(TICKET_PRIORITIES).optional(),
    /** A staff user's id, or null to unassign. */
    assigneeId: storableText().trim().max(100).nullable().optional(),
  })
  .refine(
    (body) => Object.values(body).some((value) => value !== undefined),
    'must change at least one field',
  );
export type UpdateTicketBody = z.infer<typeof updateTicketBodySchema>;

/** `POST /api/tickets/bulk` (agents): one change of status or assignee to several tickets at once. */
export const bulkUpdateTicketsBodySchema = z
  .object({
    ids: z
      .array(z.number().int().min(1).max(999_999_999))
      .min(1, 'must name at least one ticket')
      .max(TICKETS_BULK_MAX, `must name at most ${TICKETS_BULK_MAX} tickets`)
      .refine((ids) => new Set(ids).size === ids.length, 'must not name a ticket twice'),
    status: z.enum(TICKET_STATUSES).optional(),
    /** A staff user's id, or null to unassign. */
    assigneeId: storableText().trim().max(100).nullable().optional(),
  })
  .refine(
    (body) => body.status !== undefined || body.assigneeId !== undefined,
    'must change the status or the assignee',
  );
export type BulkUpdateTicketsBody = z.infer<typeof bulkUpdateTicketsBodySchema>;
export const bulkUpdateResultSchema = z.object({ tickets: z.array(ticketSchema) });

/** The organisations tickets can be filtered by (agents). */
export const ticketOrganisationsSchema = z.object({ organisations: z.array(z.string()) });
export type TicketOrganisations = z.infer<typeof ticketOrganisationsSchema>;

/** What Ticket Creation shows beside each priority: the target of the customer's tier and how it counts. */
export const requesterProfileSchema = z.object({
  organisation: z.string().nullable(),
  tier: z.enum(SUPPORT_TIERS),
  targets: z.array(
    z.object({
      priority: z.enum(TICKET_PRIORITIES),
      description: z.string(),
      /** As the SLA table writes it: `2 hrs`, `30 min`. */
      target: z.string(),
      clock: z.enum(['24/7', 'business hours']),
    }),
  ),
});
export type RequesterProfile = z.infer<typeof requesterProfileSchema>;

export const assigneesSchema = z.object({
  assignees: z.array(z.object({ id: z.string(), name: z.string(), email: z.string() })),
});
export type Assignees = z.infer<typeof assigneesSchema>;
