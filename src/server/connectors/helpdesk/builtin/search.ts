import { sql } from 'drizzle-orm';
import { markedSnippet, SNIPPET_LENGTH } from '../../../../common/snippet.js';
import { ticketUrl } from '../../../../common/tickets.js';
import { fullTextSearch, type FullTextOptions } from '../../../lib/fulltext/fulltext-search.js';
import type { FullTextTable } from '../../../lib/fulltext/statements.js';
import { rowsWithIds } from '../../../db/rows-with-ids.js';
import { kbArticles } from '../../../db/schema/index.js';
import type { HelpdeskConnector, KbHit, TicketHit } from '../types.js';

/** The built-in help desk's searchable tables; the benchmark runs the same statements raw. */
export const KB_FULLTEXT = {
  table: 'kb_articles',
  textColumn: 'body_text',
  columns: 't.id, t.title, t.html_url, t.user_segment_id, t.section_id, t.section, t.updated_at',
} as const satisfies FullTextTable;

export const TICKETS_FULLTEXT = {
  table: 'helpdesk_tickets',
  textColumn: 'description',
  columns: 't.id, t.subject, t.status',
} as const satisfies FullTextTable;

/** Agents' Tickets search: the same tickets, matched on a vector that holds the internal notes too. */
export const STAFF_TICKETS_FULLTEXT = {
  ...TICKETS_FULLTEXT,
  vector: 'staff_search',
} as const satisfies FullTextTable;

interface KbRow extends Record<string, unknown> {
  id: number;
  title: string;
  html_url: string;
  user_segment_id: number | null;
  section_id: number | null;
  section: string;
  updated_at: Date | string;
}

interface TicketRow extends Record<string, unknown> {
  id: number;
  subject: string;
  status: string;
}

type HelpdeskSearch = Pick<
  HelpdeskConnector,
  'searchArticles' | 'readArticles' | 'searchRequests' | 'searchTickets'
>;

/**
 * Knowledge base and tickets on PostgreSQL full-text search. Articles, whole or of one category, share one
 * page cache (content changes only on a load); tickets are per user and change all the time, so only their
 * counts are cached.
 */
export function createHelpdeskSearch(options: FullTextOptions): HelpdeskSearch {
  const articles = fullTextSearch<KbRow, KbHit>(
    options,
    'kb',
    KB_FULLTEXT,
    (row) => ({
      id: row.id,
      title: row.title,
      htmlUrl: row.html_url,
      userSegmentId: row.user_segment_id,
      sectionId: row.section_id,
      section: row.section,
      updatedAt: new Date(row.updated_at),
      snippet: markedSnippet(row.headline, SNIPPET_LENGTH),
    }),
    true,
  );
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
    searchArticles: (query, scope) =>
      scope
        ? articles(query, {
            sql: sql`t.section_id in (select id from kb_sections where category_id = ${scope.categoryId})`,
            scope: `category:${scope.categoryId}`,
          })
        : articles(query),
    readArticles: (ids) =>
      rowsWithIds(
        options.db,
        kbArticles,
        kbArticles.id,
        {
          id: kbArticles.id,
          title: kbArticles.title,
          htmlUrl: kbArticles.htmlUrl,
          userSegmentId: kbArticles.userSegmentId,
          body: kbArticles.body,
        },
        ids,
      ),
    searchRequests: (query, requesterEmail) =>
      requests(query, {
        sql: sql`t.requester_email = ${requesterEmail}`,
        scope: `requester:${requesterEmail}`,
      }),
    searchTickets: (query) => allTickets(query),
  };
}
