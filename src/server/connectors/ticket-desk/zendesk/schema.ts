import { bigint, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { SUPPORT_TIERS } from '../../../../common/tickets.js';
import type { TicketConversationMessage } from '../types.js';

/**
 * What the portal keeps of a Zendesk ticket: the facts that are the portal's, never Zendesk's. The ticket itself
 * (subject, description, status, priority, type, release, requester, assignee, comments, files, history) stays
 * in Zendesk. Kept here: the organisation and tier it was opened for, the first-response due time the portal
 * computed (the SLA is the portal's, whatever the desk), when an agent first and last replied in public (the
 * clock stops on the first), the assistant's conversation it was opened from, and the instant it was opened.
 */
export const zendeskTicketState = pgTable('zendesk_ticket_state', {
  /** Zendesk's ticket id. */
  ticketId: bigint('ticket_id', { mode: 'number' }).primaryKey(),
  organisation: text('organisation'),
  tier: text('tier', { enum: SUPPORT_TIERS }),
  firstResponseDueAt: timestamp('first_response_due_at', { withTimezone: true }),
  firstRespondedAt: timestamp('first_responded_at', { withTimezone: true }),
  lastAgentReplyAt: timestamp('last_agent_reply_at', { withTimezone: true }),
  conversationId: text('conversation_id'),
  conversation: jsonb('conversation').$type<TicketConversationMessage[]>(),
  /** When it was opened in the portal: the instant its due time was counted from. */
  openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
});

/**
 * Where the poll of Zendesk's incremental ticket export stands (incremental-poll.ts), one row: the export's
 * cursor, so whichever instance polls next continues where the last one stopped, and the lease that lets one
 * instance at a time poll. A lease rather than a lock, as the content syncs have (content_sync_state): a poll is
 * vendor calls that may wait on a 429, too long to hold a database connection.
 */
export const zendeskTicketPoll = pgTable('zendesk_ticket_poll', {
  /** The one row's key (`tickets`). */
  name: text('name').primaryKey(),
  /** Zendesk's `after_cursor` of the last page read; null until the export has answered one. */
  cursor: text('cursor'),
  /** The `start_time` asked for while there is no cursor: when the portal began to poll. */
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull().defaultNow(),
  lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
  /** What went wrong in the last poll, for the log and the operator; null after a success. */
  lastError: text('last_error'),
  /** The instance polling now, until `leaseUntil`; a crashed instance's lease runs out. */
  leaseOwner: text('lease_owner'),
  leaseUntil: timestamp('lease_until', { withTimezone: true }),
});

export type TicketPollRow = typeof zendeskTicketPoll.$inferSelect;
