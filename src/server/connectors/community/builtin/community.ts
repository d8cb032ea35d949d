import { markedSnippet, SNIPPET_LENGTH } from '../../../../common/snippet.js';
import { rowsWithIds } from '../../../db/rows-with-ids.js';
import { communityPosts } from './schema.js';
import { fullTextSearch, type FullTextOptions } from '../../../lib/fulltext/fulltext-search.js';
import type { FullTextTable } from '../../../lib/fulltext/statements.js';
import { tableTermStats, tableVocabulary } from '../../../lib/fulltext/term-stats.js';
import type { CommunityConnector, CommunityHit } from '../types.js';

/** The built-in community's searchable table; the benchmark runs the same statements raw. */
export const COMMUNITY_FULLTEXT = {
  table: 'community_posts',
  textColumn: 'text',
  columns: 't.id, t.title, t.url, t.created_at',
} as const satisfies FullTextTable;

/** Community posts on PostgreSQL full-text search, whole pages of hits cached until the next content load. */
export function createBuiltinCommunity(options: { fullText: FullTextOptions }): CommunityConnector {
  const search = fullTextSearch<
    { id: number; title: string; url: string; created_at: Date | string },
    CommunityHit
  >(
    options.fullText,
    'community',
    COMMUNITY_FULLTEXT,
    (row) => ({
      id: row.id,
      title: row.title,
      url: row.url,
      createdAt: new Date(row.created_at),
      snippet: markedSnippet(row.headline, SNIPPET_LENGTH),
    }),
    true,
  );
  return {
    contentSync: null,
    searchPosts: (query) => search(query),
    termStats: () => tableTermStats(options.fullText.db, COMMUNITY_FULLTEXT.table),
    vocabulary: () => tableVocabulary(options.fullText.db, COMMUNITY_FULLTEXT),
    readPosts: (ids) =>
      rowsWithIds(
        options.fullText.db,
        communityPosts,
        communityPosts.id,
        {
          id: communityPosts.id,
          title: communityPosts.title,
          url: communityPosts.url,
          text: communityPosts.text,
        },
        ids,
      ),
  };
}
