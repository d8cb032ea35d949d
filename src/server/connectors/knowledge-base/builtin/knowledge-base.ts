import { sql } from 'drizzle-orm';
import { markedSnippet, SNIPPET_LENGTH } from '../../../../common/snippet.js';
import { rowsWithIds } from '../../../db/rows-with-ids.js';
import { kbArticles } from './schema.js';
import { fullTextSearch, type FullTextOptions } from '../../../lib/fulltext/fulltext-search.js';
import type { FullTextTable } from '../../../lib/fulltext/statements.js';
import { tableTermStats, tableVocabulary } from '../../../lib/fulltext/term-stats.js';
import type { KbHit, KnowledgeBaseConnector } from '../types.js';
import { builtinCategory } from './category.js';
import { builtinFeedback } from './feedback.js';
import { builtinLatest } from './latest.js';
import { articlePage, categoryOverview, categoryTree, findArticleId } from './structure.js';

/** The built-in knowledge base's searchable table; the benchmark runs the same statements raw. */
export const KB_FULLTEXT = {
  table: 'kb_articles',
  textColumn: 'body_text',
  columns: 't.id, t.title, t.html_url, t.user_segment_id, t.section_id, t.section, t.updated_at',
} as const satisfies FullTextTable;

interface KbRow extends Record<string, unknown> {
  id: number;
  title: string;
  html_url: string;
  /** A bigint: node-postgres reads it as text. */
  user_segment_id: number | string | null;
  section_id: number | null;
  section: string;
  updated_at: Date | string;
}

/**
 * The built-in knowledge base: the articles loaded from `content/kb/`, on PostgreSQL full-text search.
 * Articles, whole or of one category, share one page cache (content changes only on a load).
 */
export function createBuiltinKnowledgeBase(options: {
  fullText: FullTextOptions;
  /** A vendor's category `/docs` shows as `tech-hub` (its id), when the articles are synced from a vendor. */
  techHubExternalId?: string;
}): KnowledgeBaseConnector {
  const { fullText } = options;
  const articles = fullTextSearch<KbRow, KbHit>(
    fullText,
    'kb',
    KB_FULLTEXT,
    (row) => ({
      id: row.id,
      title: row.title,
      htmlUrl: row.html_url,
      userSegmentId: row.user_segment_id === null ? null : Number(row.user_segment_id),
      sectionId: row.section_id,
      section: row.section,
      updatedAt: new Date(row.updated_at),
      snippet: markedSnippet(row.headline, SNIPPET_LENGTH),
    }),
    true,
  );
  return {
    pageSources: {},
    contentSync: null,
    searchArticles: (query, scope) =>
      scope
        ? articles(query, {
            sql: sql`t.section_id in (select id from kb_sections where category_id = ${scope.categoryId})`,
            scope: `category:${scope.categoryId}`,
          })
        : articles(query),
    termStats: () => tableTermStats(fullText.db, KB_FULLTEXT.table),
    vocabulary: () => tableVocabulary(fullText.db, KB_FULLTEXT),
    latest: builtinLatest(fullText.db),
    ...builtinFeedback(fullText.db),
    category: builtinCategory(fullText.db, options.techHubExternalId),
    categoryTree: (category) => categoryTree(fullText.db, category),
    articlePage: (idOrSlug) => articlePage(fullText.db, idOrSlug),
    categoryOverview: (category, limit) => categoryOverview(fullText.db, category, limit),
    articleId: (idOrSlug) => findArticleId(fullText.db, idOrSlug),
    readArticles: (ids) =>
      rowsWithIds(
        fullText.db,
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
  };
}
