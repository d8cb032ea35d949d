/**
 * Tickets: the constants and rules both sides need, without zod (the header and the ticket lists
 * import them).
 */

/**
 * Where a ticket opens in the portal: the Ticket Portal's page, which shows a requester their request and an
 * agent the console's view of it. Search results, the API's `url` and the mail links all point here.
 */
export const ticketUrl = (id: number) => `/tickets/${id}`;

export const TICKET_SUBJECT_MAX = 200;
export const TICKET_TEXT_MAX = 20_000;
export const TICKETS_PAGE_SIZE = 25;

export const TICKET_STATUSES = ['new', 'open', 'pending', 'solved', 'closed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

export const TICKET_PRIORITIES = ['P1', 'P2', 'P3'] as const;
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];

/** The support tiers of spec section 9, in the order of the SLA table's columns. */
export const SUPPORT_TIERS = ['Basic', 'Enterprise', 'Enterprise Plus', 'Strategic'] as const;
export type SupportTier = (typeof SUPPORT_TIERS)[number];

/**
 * Where a ticket stands against its first-response target (the server's `dueState` in
 * services/tickets/sla-clock.ts decides it): answered, stopped without an answer, overdue, due soon or due later.
 */
export const DUE_STATES = ['responded', 'overdue', 'dueSoon', 'due', 'stopped'] as const;
export type DueState = (typeof DUE_STATES)[number];

/** What a ticket's event history records: opened, a reply, a note, a file, a change of a field. */
export const TICKET_EVENT_KINDS = [
  'created',
  'replied',
  'noted',
  'attached',
  'status',
  'priority',
  'assigned',
] as const;
export type TicketEventKind = (typeof TICKET_EVENT_KINDS)[number];

/**
 * A duration as the SLA table writes it (`2 hrs`, `1 hr`, `30 min`, `20 mins`) in minutes; undefined when
 * it is written some other way (the configuration check names the cell).
 */
export function slaMinutes(written: string): number | undefined {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(hrs?|hours?|mins?|minutes?)\s*$/i.exec(written);
  if (!match?.[1] || !match[2]) return undefined;
  const value = Number(match[1]);
  return Math.round(match[2].toLowerCase().startsWith('h') ? value * 60 : value);
}
