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
