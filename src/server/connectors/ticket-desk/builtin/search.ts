import { sql } from 'drizzle-orm';
import { markedSnippet, SNIPPET_LENGTH } from '../../../../common/snippet.js';
import { ticketUrl } from '../../../../common/tickets.js';
import { fullTextSearch, type FullTextOptions } from '../../../lib/fulltext/fulltext-search.js';
import type { FullTextTable } from '../../../lib/fulltext/statements.js';
import type { TicketDeskConnector, TicketHit } from '../types.js';

/** The built-in ticket desk's searchable table; the benchmark runs the same statements raw. */
export const TICKETS_FULLTEXT = {
  table: 'helpdesk_tickets',
  textColumn: 'description',
  columns: 't.id, t.subject, t.status',
  named: { column: 't.id', kind: 'ticket' },
} as const satisfies FullTextTable;

/** Agents' Tickets search: the same tickets, matched on a vector that holds the internal notes too. */
export const STAFF_TICKETS_FULLTEXT = {
  ...TICKETS_FULLTEXT,
  vector: 'staff_search',
} as const satisfies FullTextTable;

interface TicketRow extends Record<string, unknown> {
  id: number;
  subject: string;
  status: string;
}

/**
 * Tickets on PostgreSQL full-text search. They are per user and change all the time, so only their counts are
 * cached.
 */
export function createTicketSearch(
  options: FullTextOptions,
): Pick<TicketDeskConnector, 'searchRequests' | 'searchTickets'> {
  const tickets = (key: string, spec: FullTextTable) =>
    fullTextSearch<TicketRow, TicketHit>(
      options,
      key,
      spec,
      (row) => ({
        id: row.id,
        subject: row.subject,
        status: row.status,
        url: ticketUrl(row.id),
        snippet: markedSnippet(row.headline, SNIPPET_LENGTH),
      }),
      false,
    );
  // A requester's search never reads the internal notes; the agents' one does (its own count cache key).
  const requests = tickets('tickets', TICKETS_FULLTEXT);
  const allTickets = tickets('staffTickets', STAFF_TICKETS_FULLTEXT);
  return {
    searchRequests: (query, requesterEmail) =>
      requests(query, {
        sql: sql`t.requester_email = ${requesterEmail}`,
        scope: `requester:${requesterEmail}`,
      }),
    searchTickets: (query) => allTickets(query),
  };
}
