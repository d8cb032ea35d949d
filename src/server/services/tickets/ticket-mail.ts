import type { FastifyBaseLogger } from 'fastify';
import type { HelpdeskComment, HelpdeskTicketRecord } from '../../connectors/ticket-desk/types.js';
import type { Mailer } from '../../mail/mailer.js';

export interface TicketMailer {
  /** An agent replied in public: the requester gets the reply, never an internal note. */
  replied(ticket: HelpdeskTicketRecord, comment: HelpdeskComment): void;
  /** An agent marked the ticket solved. */
  solved(ticket: HelpdeskTicketRecord): void;
  /** A new P1: the agents on duty are told at once. */
  newP1(ticket: HelpdeskTicketRecord): void;
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
