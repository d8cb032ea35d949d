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
 * Tells every instance that a ticket changed, after the help desk stored the change (its own transaction
 * has committed, so nobody hears of a change that did not happen). A lost notification costs a list that is
 * refreshed on the next event or reload, nothing more, so a failure is not the request's failure.
 */
export async function announceTicketChange(db: Database, ticket: HelpdeskTicketRecord): Promise<void> {
  const event: TicketEvent = {
    ticketId: ticket.id,
    requesterEmail: ticket.requester.email,
    organisation: ticket.organisation,
  };
  await db.execute(sql`select pg_notify(${TICKET_CHANNEL}, ${JSON.stringify(event)})`).catch(() => undefined);
}
