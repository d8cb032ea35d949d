import { markedSnippet, SNIPPET_LENGTH } from '../../../../common/snippet.js';
import { rowsWithIds } from '../../../db/rows-with-ids.js';
import { docsPages } from './schema.js';
import { fullTextSearch, type FullTextOptions } from '../../../lib/fulltext/fulltext-search.js';
import type { FullTextTable } from '../../../lib/fulltext/statements.js';
import { tableTermStats, tableVocabulary } from '../../../lib/fulltext/term-stats.js';
import type { DocsConnector, DocsHit } from '../types.js';

/** The built-in documentation's searchable table; the benchmark runs the same statements raw. */
export const DOCS_FULLTEXT = {
  table: 'docs_pages',
  textColumn: 'body_text',
  columns: 't.id, t.title, t.domain, t.path, t.updated_at',
} as const satisfies FullTextTable;

/** Documentation pages on PostgreSQL full-text search, whole pages of hits cached until the next content load. */
export function createBuiltinDocs(options: { fullText: FullTextOptions }): DocsConnector {
  const search = fullTextSearch<
    { id: number; title: string; domain: string; path: string; updated_at: Date | string },
    DocsHit
  >(
    options.fullText,
    'docs',
    DOCS_FULLTEXT,
    (row) => ({
      id: row.id,
      title: row.title,
      domain: row.domain,
      path: row.path,
      updatedAt: new Date(row.updated_at),
      snippet: markedSnippet(row.headline, SNIPPET_LENGTH),
    }),
    true,
  );
  return {
    contentSync: null,
    searchPages: (query) => search(query),
    termStats: () => tableTermStats(options.fullText.db, DOCS_FULLTEXT.table),
    vocabulary: () => tableVocabulary(options.fullText.db, DOCS_FULLTEXT),
    readPages: (ids) =>
      rowsWithIds(
        options.fullText.db,
        docsPages,
        docsPages.id,
        {
          id: docsPages.id,
          title: docsPages.title,
          domain: docsPages.domain,
          path: docsPages.path,
          body: docsPages.body,
        },
        ids,
      ),
  };
}
