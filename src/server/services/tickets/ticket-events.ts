import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { HelpdeskTicketRecord } from '../../connectors/ticket-desk/types.js';
import type { Database } from '../../db/client.js';

/** The database channel of ticket changes (`LISTEN/NOTIFY`, db/events.ts). */
export const TICKET_CHANNEL = 'portal_tickets';

/** What a change says: which ticket, and enough to decide who may hear of it without a query. */
export const ticketEventSchema = z.object({
  ticketId: z.number().int(),
  requesterEmail: z.string(),
  organisation: z.string().nullable(),
});
export type TicketEvent = z.infer<typeof ticketEventSchema>;

/**
 * What kind of change was announced, for counting only (the event itself does not say: a list is refreshed
 * the same way for each). A fixed set, so the metric's label stays small: `desk` is a change made at the help
 * desk itself (Zendesk's agent console), heard of through its webhook or poll.
 */
export const TICKET_EVENT_KINDS = ['created', 'commented', 'updated', 'attached', 'desk'] as const;
export type TicketEventKind = (typeof TICKET_EVENT_KINDS)[number];

/** Where a ticket change is announced, and who is told of each one announced (the instance's metrics). */
export interface TicketEventOptions {
  db: Database;
  onTicketEvent?: ((kind: TicketEventKind) => void) | undefined;
}

/**
 * Tells every instance that a ticket changed, after the help desk stored the change (its own transaction
 * has committed, so nobody hears of a change that did not happen). A lost notification costs a list that is
 * refreshed on the next event or reload, nothing more, so a failure is not the request's failure, and is not
 * counted as announced.
 */
export async function announceTicketChange(
  { db, onTicketEvent }: TicketEventOptions,
  ticket: HelpdeskTicketRecord,
  kind: TicketEventKind,
): Promise<void> {
  const event: TicketEvent = {
    ticketId: ticket.id,
    requesterEmail: ticket.requester.email,
    organisation: ticket.organisation,
  };
  try {
    await db.execute(sql`select pg_notify(${TICKET_CHANNEL}, ${JSON.stringify(event)})`);
  } catch {
    return;
  }
  onTicketEvent?.(kind);
}
