import { sql } from 'drizzle-orm';
import { SEARCH_COUNT_CAP, SIGN_IN_TO_READ, type SourceKey } from '../../../common/contracts/search.js';
import { JIRA_SNIPPET_LENGTH, markedSnippet, SNIPPET_LENGTH } from '../../../common/snippet.js';
import { executeRows, type Database } from '../../db/client.js';
import { can } from '../../policies/index.js';
import { countStatement, pageStatement, type FullTextTable } from './fulltext.js';
import { cacheKeyOf } from './normalise-query.js';
import type { TtlCache } from './ttl-cache.js';
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
    columns: 't.id, t.title, t.html_url, t.user_segment_id, t.section_id',
  },
  docs: {
    table: 'docs_pages',
    textColumn: 'body_text',
    columns: 't.id, t.title, t.domain, t.path',
  },
  community: {
    table: 'community_posts',
    textColumn: 'text',
    columns: 't.id, t.title, t.url',
  },
  tickets: {
    table: 'helpdesk_tickets',
    textColumn: 'description',
    columns: 't.id, t.subject, t.status',
  },
  issues: {
    table: 'tracker_issues',
    textColumn: 'description',
    columns: 't.id, t.key, t.summary, t.status',
  },
} as const satisfies Record<string, FullTextTable>;

/** Creates the caches of the built-in sources; the plugin's registry empties all of them on a content load. */
export interface SearchCacheFactory {
  /** Whole result pages of a public content source (same answer for everyone who may see the source). */
  pages<V>(): TtlCache<V>;
  /** Match counts, for any source. */
  counts(): TtlCache<number>;
}

export interface BuiltinSourceOptions {
  db: Database;
  candidateLimit: number;
  caches: SearchCacheFactory;
}

interface Headlined {
  headline: string;
}

type Filter = { sql: ReturnType<typeof sql>; scope: string };

/**
 * A full-text table searched as one source: rows of a page become hits with `toHit`. Content sources (KB,
 * docs, community) keep whole pages of hits in a cache: their rows change only when content is re-loaded (which
 * clears it), and a hit's snippet is cut and escaped once, not on every request. Tickets and defects change
 * all the time and are per user, so only their counts are reused.
 */
function fullTextSearch<Row extends Record<string, unknown>, Hit>(
  options: BuiltinSourceOptions,
  key: string,
  spec: FullTextTable,
  toHit: (row: Row & Headlined) => Hit,
  cachePages: boolean,
) {
  const counts = options.caches.counts();
  const pages = cachePages ? options.caches.pages<SourcePage<Hit>>() : undefined;
  return (query: SourceQuery, filter?: Filter): Promise<SourcePage<Hit>> => {
    const run = async () => {
      const page = await runFullText<Row>(options, counts, key, spec, query, filter);
      return { count: page.count, hits: page.hits.map(toHit) };
    };
    if (!pages) return run();
    return pages.get(cacheKeyOf(key, filter?.scope ?? '', String(query.page), query.query), run);
  };
}

/** Page and capped count of one table, run side by side. */
async function runFullText<Row extends Record<string, unknown>>(
  options: BuiltinSourceOptions,
  counts: TtlCache<number>,
  key: string,
  spec: FullTextTable,
  query: SourceQuery,
  filter?: Filter,
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
    counts.get(cacheKeyOf(key, filter?.scope ?? '', query.query), async () => {
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

/** The knowledge base, whole or one category (the /docs search); both share one page cache. */
export function kbSources(options: BuiltinSourceOptions): {
  all: SearchSource<KbHit>;
  category: (categoryId: number) => SearchSource<KbHit>;
} {
  const search = fullTextSearch<KbRow, KbHit>(
    options,
    'kb',
    FULLTEXT_TABLES.kb,
    (row) => ({
      id: row.id,
      title: row.title,
      htmlUrl: row.html_url,
      userSegmentId: row.user_segment_id,
      sectionId: row.section_id,
      snippet: markedSnippet(row.headline, SNIPPET_LENGTH),
    }),
    true,
  );
  const source = (filter?: Filter): SearchSource<KbHit> => ({
    async search(query) {
      const page = await search(query, filter);
      // Cached pages hold every body; a viewer who may not read protected articles gets the notice instead.
      if (can(query.searcher.actor, 'readProtectedArticles')) return page;
      return {
        count: page.count,
        hits: page.hits.map((hit) =>
          hit.userSegmentId === null ? hit : { ...hit, snippet: SIGN_IN_TO_READ },
        ),
      };
    },
  });
  return {
    all: source(),
    category: (categoryId) =>
      source({
        sql: sql`t.section_id in (select id from kb_sections where category_id = ${categoryId})`,
        scope: `category:${categoryId}`,
      }),
  };
}

function docsSource(options: BuiltinSourceOptions): SearchSource<DocsHit> {
  return {
    search: fullTextSearch<{ id: number; title: string; domain: string; path: string }, DocsHit>(
      options,
      'docs',
      FULLTEXT_TABLES.docs,
      (row) => ({
        id: row.id,
        title: row.title,
        domain: row.domain,
        path: row.path,
        snippet: markedSnippet(row.headline, SNIPPET_LENGTH),
      }),
      true,
    ),
  };
}

function communitySource(options: BuiltinSourceOptions): SearchSource<CommunityHit> {
  return {
    search: fullTextSearch<{ id: number; title: string; url: string }, CommunityHit>(
      options,
      'community',
      FULLTEXT_TABLES.community,
      (row) => ({
        id: row.id,
        title: row.title,
        url: row.url,
        snippet: markedSnippet(row.headline, SNIPPET_LENGTH),
      }),
      true,
    ),
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
  const search = fullTextSearch<TicketRow, TicketHit>(
    options,
    'tickets',
    FULLTEXT_TABLES.tickets,
    (row) => ({
      id: row.id,
      subject: row.subject,
      status: row.status,
      url: own ? requestUrl(row.id) : agentTicketUrl(row.id),
      snippet: markedSnippet(row.headline, SNIPPET_LENGTH),
    }),
    false,
  );
  return {
    search(query) {
      if (!own) return search(query);
      // No email, no requests: never fall back to "all tickets".
      const email = query.searcher.email ?? '';
      return search(query, { sql: sql`t.requester_email = ${email}`, scope: `requester:${email}` });
    },
  };
}

function issuesSource(options: BuiltinSourceOptions): SearchSource<IssueHit> {
  return {
    search: fullTextSearch<{ id: number; key: string; summary: string; status: string }, IssueHit>(
      options,
      'issues',
      FULLTEXT_TABLES.issues,
      (row) => ({
        id: row.id,
        key: row.key,
        summary: row.summary,
        status: row.status,
        snippet: markedSnippet(row.headline, JIRA_SNIPPET_LENGTH),
      }),
      false,
    ),
  };
}

/** The sources of a portal with no vendor systems configured: everything from its own database. */
export function createBuiltinSources(
  options: BuiltinSourceOptions,
  kb: ReturnType<typeof kbSources> = kbSources(options),
): SearchSources {
  return {
    zendesk: kb.all,
    git: docsSource(options),
    forumbee: communitySource(options),
    zendeskRequests: ticketsSource(options, true),
    zendeskTickets: ticketsSource(options, false),
    jiraIssues: issuesSource(options),
  } satisfies Record<SourceKey, unknown>;
}
