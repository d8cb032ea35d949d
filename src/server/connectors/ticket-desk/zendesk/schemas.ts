/**
 * Zendesk Support's answers as the ticket desk reads them: only the fields it uses are required; the rest pass
 * through unread. Pages: Tickets https://developer.zendesk.com/api-reference/ticketing/tickets/tickets/,
 * Comments https://developer.zendesk.com/api-reference/ticketing/tickets/ticket_comments/, Audits
 * https://developer.zendesk.com/api-reference/ticketing/tickets/ticket_audits/, Search
 * https://developer.zendesk.com/api-reference/ticketing/ticket-management/search/, sideloading
 * https://developer.zendesk.com/documentation/ticketing/using-the-zendesk-api/side_loading/ (`include=users`).
 */
import { z } from 'zod';
import { zendeskUserSchema } from '../../helpdesk/zendesk/schemas.js';

const zendeskId = z.number().int().nonnegative();

/** A ticket: `priority` is `urgent`, `high`, `normal`, `low` or null; custom fields as `[{id, value}]`. */
export const zendeskTicketSchema = z.object({
  id: zendeskId,
  subject: z.string().nullable(),
  description: z.string().nullable(),
  status: z.enum(['new', 'open', 'pending', 'hold', 'solved', 'closed']),
  priority: z.enum(['urgent', 'high', 'normal', 'low']).nullable(),
  requester_id: zendeskId,
  assignee_id: zendeskId.nullable(),
  custom_fields: z.array(z.object({ id: zendeskId, value: z.unknown() })).default([]),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ZendeskTicket = z.infer<typeof zendeskTicketSchema>;

const sideloadedUsers = z.array(zendeskUserSchema).default([]);

export const ticketAnswerSchema = z.object({ ticket: zendeskTicketSchema, users: sideloadedUsers });

/** Cursor paging's `meta` (https://developer.zendesk.com/api-reference/introduction/pagination/). */
const cursorMeta = z.object({ has_more: z.boolean(), after_cursor: z.string().nullable() });

export const ticketPageSchema = z.object({
  tickets: z.array(zendeskTicketSchema),
  users: sideloadedUsers,
  meta: cursorMeta,
});

const attachmentSchema = z.object({ id: zendeskId, file_name: z.string() });

/** A comment: `public: false` is an internal note. */
export const zendeskCommentSchema = z.object({
  id: zendeskId,
  author_id: zendeskId,
  body: z.string(),
  public: z.boolean(),
  attachments: z.array(attachmentSchema).default([]),
  created_at: z.string(),
});

export const commentPageSchema = z.object({
  comments: z.array(zendeskCommentSchema),
  users: sideloadedUsers,
  meta: cursorMeta,
});

/** An audit's events: `Create` and `Change` name a field (`previous_value` on a change); `Comment` a comment. */
const auditEventSchema = z.object({
  id: zendeskId,
  type: z.string(),
  field_name: z.string().optional(),
  value: z.unknown().optional(),
  previous_value: z.unknown().optional(),
  author_id: zendeskId.optional(),
  body: z.string().optional(),
  public: z.boolean().optional(),
  attachments: z.array(attachmentSchema).optional(),
});

export const auditPageSchema = z.object({
  audits: z.array(
    z.object({
      id: zendeskId,
      author_id: zendeskId,
      created_at: z.string(),
      events: z.array(auditEventSchema),
    }),
  ),
  users: sideloadedUsers,
  meta: cursorMeta,
});

/** `POST /api/v2/uploads` answers `{upload: {token, attachment}}` (the attachments guide). */
export const uploadAnswerSchema = z.object({ upload: z.object({ token: z.string().min(1) }) });

/** The Search API's page: `results` (tickets here, `result_type: "ticket"`), `count`, `next_page`. */
export const searchAnswerSchema = z.object({
  results: z.array(zendeskTicketSchema.extend({ result_type: z.string() }).passthrough()),
  count: z.number().int().nonnegative(),
  next_page: z.string().nullable(),
});

export const searchCountSchema = z.object({ count: z.number().int().nonnegative() });
