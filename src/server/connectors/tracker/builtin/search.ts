import { JIRA_SNIPPET_LENGTH, markedSnippet } from '../../../../common/snippet.js';
import { fullTextSearch, type FullTextOptions } from '../../../lib/fulltext/fulltext-search.js';
import type { FullTextTable } from '../../../lib/fulltext/statements.js';
import type { IssueHit, TrackerConnector } from '../types.js';

/** The built-in tracker's searchable table; the benchmark runs the same statements raw. */
export const ISSUES_FULLTEXT = {
  table: 'tracker_issues',
  textColumn: 'description',
  columns: 't.id, t.key, t.summary, t.status',
  named: { column: 't.key', kind: 'issue' },
} as const satisfies FullTextTable;

/** Issues on PostgreSQL full-text search; they change all the time, so only counts are cached. */
export function createIssueSearch(options: FullTextOptions): TrackerConnector['searchIssues'] {
  const search = fullTextSearch<{ id: number; key: string; summary: string; status: string }, IssueHit>(
    options,
    'issues',
    ISSUES_FULLTEXT,
    (row) => ({
      id: row.id,
      key: row.key,
      summary: row.summary,
      status: row.status,
      snippet: markedSnippet(row.headline, JIRA_SNIPPET_LENGTH),
    }),
    false,
  );
  return (query) => search(query);
}
