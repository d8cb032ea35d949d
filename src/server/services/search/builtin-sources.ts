import { sql } from 'drizzle-orm';
import { SEARCH_COUNT_CAP, SIGN_IN_TO_READ, type SourceKey } from '../../../common/contracts/search.js';
import { JIRA_SNIPPET_LENGTH, markedSnippet, SNIPPET_LENGTH } from '../../../common/snippet.js';
import { executeRows, type Database } from '../../db/client.js';
import { can } from '../../policies/index.js';
import type { CountCache } from './count-cache.js';
import { countStatement, pageStatement, similarTitles, type FullTextTable } from './fulltext.js';
import type {
  CommunityHit,
  DocsHit,
  IssueHit,
  KbHit,
  SearchSource,
  SearchSources,
  SourcePage,
  SourceQuery,
  TicketHit,
} from './types.js';

/** The tables behind the built-in sources; the benchmark imports these to run the same statements raw. */
export const FULLTEXT_TABLES = {
  kb: {
    table: 'kb_articles',
    textColumn: 'body_text',
    titleColumn: 'title',
    columns: 't.id, t.title, t.html_url, t.user_segment_id, t.section_id',
  },
  docs: {
    table: 'docs_pages',
    textColumn: 'body_text',
    titleColumn: 'title',
    columns: 't.id, t.title, t.domain, t.path',
  },
  community: {
    table: 'community_posts',
    textColumn: 'text',
    titleColumn: 'title',
    columns: 't.id, t.title, t.url',
  },
  tickets: {
    table: 'helpdesk_tickets',
    textColumn: 'description',
    titleColumn: 'subject',
    columns: 't.id, t.subject, t.status',
  },
  issues: {
    table: 'tracker_issues',
    textColumn: 'description',
    titleColumn: 'summary',
    columns: 't.id, t.key, t.summary, t.status',
  },
} as const satisfies Record<string, FullTextTable>;

export interface BuiltinSourceOptions {
  db: Database;
  counts: CountCache;
  candidateLimit: number;
}

interface Headlined {
  headline: string;
}

/** Page and capped count of one table, run side by side. */
async function runFullText<Row extends Record<string, unknown>>(
  options: BuiltinSourceOptions,
  key: string,
  spec: FullTextTable,
  query: SourceQuery,
  filter?: { sql: ReturnType<typeof sql>; scope: string },
): Promise<SourcePage<Row & Headlined>> {
  const [rows, count] = await Promise.all([
    executeRows<Row & Headlined>(
      options.db,
      pageStatement(spec, {
        query: query.query,
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
        candidateLimit: options.candidateLimit,
        ...(filter ? { filter: filter.sql } : {}),
      }),
    ),
    options.counts.get(`${key}\u0000${filter?.scope ?? ''}\u0000${query.query}`, async () => {
      const [row] = await executeRows<{ n: number }>(
        options.db,
        countStatement(spec, {
          query: query.query,
          cap: SEARCH_COUNT_CAP,
          ...(filter ? { filter: filter.sql } : {}),
        }),
      );
      return Number(row?.n ?? 0);
    }),
  ]);
  // A row on the page implies at least that many matches, whatever a cached count says.
  const seen = rows.length > 0 ? (query.page - 1) * query.pageSize + rows.length : 0;
  return { count: Math.max(count, seen), hits: rows };
}

interface KbRow extends Record<string, unknown> {
  id: number;
  title: string;
  html_url: string;
  user_segment_id: number | null;
  section_id: number | null;
}

export function kbSource(
  options: BuiltinSourceOptions,
  /** Restricts to one category (the /docs search); part of the count cache's scope. */
  categoryId?: number,
): SearchSource<KbHit> {
  const spec = FULLTEXT_TABLES.kb;
  const filter =
    categoryId === undefined
      ? undefined
      : {
          sql: sql`t.section_id in (select id from kb_sections where category_id = ${categoryId})`,
          scope: `category:${categoryId}`,
        };
  return {
    async search(query) {
      const page = await runFullText<KbRow>(options, 'kb', spec, query, filter);
      const mayRead = can(query.searcher.actor, 'readProtectedArticles');
      return {
        count: page.count,
        hits: page.hits.map((row) => ({
          id: row.id,
          title: row.title,
          htmlUrl: row.html_url,
          userSegmentId: row.user_segment_id,
          sectionId: row.section_id,
          snippet:
            row.user_segment_id !== null && !mayRead
              ? SIGN_IN_TO_READ
              : markedSnippet(row.headline, SNIPPET_LENGTH),
        })),
      };
    },
    similarTitles: (word) => similarTitles(options.db, spec, word),
  };
}

function docsSource(options: BuiltinSourceOptions): SearchSource<DocsHit> {
  const spec = FULLTEXT_TABLES.docs;
  return {
    async search(query) {
      const page = await runFullText<{ id: number; title: string; domain: string; path: string }>(
        options,
        'docs',
        spec,
        query,
      );
      return {
        count: page.count,
        hits: page.hits.map((row) => ({
          id: row.id,
          title: row.title,
          domain: row.domain,
          path: row.path,
          snippet: markedSnippet(row.headline, SNIPPET_LENGTH),
        })),
      };
    },
    similarTitles: (word) => similarTitles(options.db, spec, word),
  };
}

function communitySource(options: BuiltinSourceOptions): SearchSource<CommunityHit> {
  const spec = FULLTEXT_TABLES.community;
  return {
    async search(query) {
      const page = await runFullText<{ id: number; title: string; url: string }>(
        options,
        'community',
        spec,
        query,
      );
      return {
        count: page.count,
        hits: page.hits.map((row) => ({
          id: row.id,
          title: row.title,
          url: row.url,
          snippet: markedSnippet(row.headline, SNIPPET_LENGTH),
        })),
      };
    },
    similarTitles: (word) => similarTitles(options.db, spec, word),
  };
}

interface TicketRow extends Record<string, unknown> {
  id: number;
  subject: string;
  status: string;
}

/** Where a ticket opens: the requester's view for My Requests, the agent console for Tickets. */
export const requestUrl = (id: number) => `/hc/requests/${id}`;
export const agentTicketUrl = (id: number) => `/agent/tickets/${id}`;

function ticketsSource(options: BuiltinSourceOptions, own: boolean): SearchSource<TicketHit> {
  const spec = FULLTEXT_TABLES.tickets;
  return {
    async search(query) {
      let filter: { sql: ReturnType<typeof sql>; scope: string } | undefined;
      if (own) {
        // No email, no requests: never fall back to "all tickets".
        const email = query.searcher.email ?? '';
        filter = { sql: sql`t.requester_email = ${email}`, scope: `requester:${email}` };
      }
      const page = await runFullText<TicketRow>(options, 'tickets', spec, query, filter);
      return {
        count: page.count,
        hits: page.hits.map((row) => ({
          id: row.id,
          subject: row.subject,
          status: row.status,
          url: own ? requestUrl(row.id) : agentTicketUrl(row.id),
          snippet: markedSnippet(row.headline, SNIPPET_LENGTH),
        })),
      };
    },
    similarTitles: (word) => similarTitles(options.db, spec, word),
  };
}

function issuesSource(options: BuiltinSourceOptions): SearchSource<IssueHit> {
  const spec = FULLTEXT_TABLES.issues;
  return {
    async search(query) {
      const page = await runFullText<{ id: number; key: string; summary: string; status: string }>(
        options,
        'issues',
        spec,
        query,
      );
      return {
        count: page.count,
        hits: page.hits.map((row) => ({
          id: row.id,
          key: row.key,
          summary: row.summary,
          status: row.status,
          snippet: markedSnippet(row.headline, JIRA_SNIPPET_LENGTH),
        })),
      };
    },
    similarTitles: (word) => similarTitles(options.db, spec, word),
  };
}

/** The sources of a portal with no vendor systems configured: everything from its own database. */
export function createBuiltinSources(options: BuiltinSourceOptions): SearchSources {
  return {
    zendesk: kbSource(options),
    git: docsSource(options),
    forumbee: communitySource(options),
    zendeskRequests: ticketsSource(options, true),
    zendeskTickets: ticketsSource(options, false),
    jiraIssues: issuesSource(options),
  } satisfies Record<SourceKey, unknown>;
}
