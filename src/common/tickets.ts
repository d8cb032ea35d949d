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

/** `hold`: waiting on a third party (a vendor, a fix), Zendesk's on-hold. */
export const TICKET_STATUSES = ['new', 'open', 'pending', 'hold', 'solved', 'closed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

/**
 * The statuses a reply or note may set in the same step ("Send as Pending"), and so the status a canned reply
 * may preselect.
 */
export const REPLY_STATUSES = ['open', 'pending', 'solved'] as const satisfies readonly TicketStatus[];
export type ReplyStatus = (typeof REPLY_STATUSES)[number];

/** The work still to do: what the agents' queue shows unless a status filter says otherwise. */
export const OPEN_WORK_STATUSES = [
  'new',
  'open',
  'pending',
  'hold',
] as const satisfies readonly TicketStatus[];

/** What a customer reads as "In progress": the work on the support side (pending waits for them). */
export const IN_PROGRESS_STATUSES = ['new', 'open', 'hold'] as const satisfies readonly TicketStatus[];

/** A list's status filter: one status, the open work, what a customer calls in progress, or every status. */
export const TICKET_STATUS_FILTERS = [...TICKET_STATUSES, 'open-work', 'in-progress', 'any'] as const;
export type TicketStatusFilter = (typeof TICKET_STATUS_FILTERS)[number];

/** How many tickets one bulk change may touch (a queue page). */
export const TICKETS_BULK_MAX = TICKETS_PAGE_SIZE;

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

/**
 * Why the help desk (a vendor's, such as Zendesk) did not take a new ticket: the API's 503 carries the code as
 * its message, and Ticket Creation says it in these words, keeping what was typed.
 */
export const TICKET_DESK_FAILURES = {
  /** The desk answered with an error (5xx, or a 429 whose wait did not fit): nothing was created. */
  HELP_DESK_UNAVAILABLE:
    'The help desk is not taking new tickets right now, so this one was not created. What you typed is still here: please try again in a few minutes.',
  /** The desk did not answer in time: the ticket may or may not have been created. */
  HELP_DESK_NO_ANSWER:
    'The help desk did not answer in time, so this ticket may not have been created. What you typed is still here: please check My Requests in a minute before you send it again.',
} as const;
export type TicketDeskFailure = keyof typeof TICKET_DESK_FAILURES;
