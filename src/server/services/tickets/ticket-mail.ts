import type { FastifyBaseLogger } from 'fastify';
import { DateTime } from 'luxon';
import type { HelpdeskComment, HelpdeskTicketRecord } from '../../connectors/ticket-desk/types.js';
import type { Mailer } from '../../mail/mailer.js';

export interface TicketMailer {
  /** A customer opened a ticket: "we received your request", with its number, first-response target and link. */
  received(ticket: HelpdeskTicketRecord, timeZone: string): void;
  /** An agent replied in public: the requester gets the reply, never an internal note. */
  replied(ticket: HelpdeskTicketRecord, comment: HelpdeskComment): void;
  /** An agent marked the ticket solved. */
  solved(ticket: HelpdeskTicketRecord): void;
  /** A new P1: the agents on duty are told at once. */
  newP1(ticket: HelpdeskTicketRecord): void;
}

/** A due time as the requester reads it: in their organisation's time zone, which is named. */
export function mailTime(at: Date, timeZone: string): string {
  const local = DateTime.fromJSDate(at, { zone: timeZone });
  const text = local.toFormat('ccc d LLL yyyy, HH:mm ZZZZ');
  // "GMT+1" alone does not say which zone's rules apply (summer time); "UTC (UTC)" says it twice.
  return local.toFormat('ZZZZ') === timeZone ? text : `${text} (${timeZone})`;
}

/**
 * Ticket mail. Sent after the change is stored and not awaited by the request: a slow or refusing
 * mail server must not fail or delay the reply the user typed, so a failure is logged instead.
 */
export function createTicketMailer(options: {
  mailer: Mailer;
  log: FastifyBaseLogger;
  productName: string;
  onDutyEmails: readonly string[];
  /** The link of a ticket for its mail (the portal's public origin). */
  ticketLink: (id: number) => string;
}): TicketMailer {
  const { mailer, log, productName, ticketLink } = options;
  const send = (to: string, subject: string, text: string) => {
    mailer
      .send({ to, subject, text })
      .catch((error: unknown) => log.error({ err: error, to, subject }, 'ticket mail failed'));
  };
  const subjectOf = (ticket: HelpdeskTicketRecord, what: string) =>
    `[${productName} support #${ticket.id}] ${what}: ${ticket.subject}`;
  return {
    received(ticket, timeZone) {
      const target = ticket.firstResponseDueAt
        ? `A first response is due by ${mailTime(ticket.firstResponseDueAt, timeZone)} ` +
          `(${ticket.priority}, ${ticket.tier ?? 'Basic'} support).`
        : 'A support engineer will respond soon.';
      send(
        ticket.requester.email,
        subjectOf(ticket, 'We received your request'),
        `We received your request #${ticket.id}: ${ticket.subject}\n\n${target}\n\n` +
          `Follow it and reply: ${ticketLink(ticket.id)}\n`,
      );
    },
    replied(ticket, comment) {
      if (comment.internal) return;
      send(
        ticket.requester.email,
        subjectOf(ticket, 'New reply'),
        `${comment.author.name} replied to your request #${ticket.id}:\n\n${comment.body}\n\n` +
          `Read the request and reply: ${ticketLink(ticket.id)}\n`,
      );
    },
    solved(ticket) {
      send(
        ticket.requester.email,
        subjectOf(ticket, 'Solved'),
        `Your request #${ticket.id} was marked solved. If the problem is not gone, reply to reopen it: ` +
          `${ticketLink(ticket.id)}\n`,
      );
    },
    newP1(ticket) {
      for (const to of options.onDutyEmails) {
        send(
          to,
          subjectOf(ticket, 'New P1'),
          `A P1 ticket was opened by ${ticket.requester.name} (${ticket.organisation ?? 'no organisation'}, ` +
            `${ticket.tier ?? 'Basic'}). First response due ${ticket.firstResponseDueAt?.toISOString() ?? '—'}.\n\n` +
            `${ticketLink(ticket.id)}\n`,
        );
      }
    },
  };
}
