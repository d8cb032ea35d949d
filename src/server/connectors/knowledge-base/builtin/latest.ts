import { desc } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import { kbArticles } from './schema.js';
import type { KnowledgeBaseConnector } from '../types.js';

const summaryColumns = {
  id: kbArticles.id,
  slug: kbArticles.slug,
  title: kbArticles.title,
  bodyText: kbArticles.bodyText,
  userSegmentId: kbArticles.userSegmentId,
  htmlUrl: kbArticles.htmlUrl,
  viewCount: kbArticles.viewCount,
  updatedAt: kbArticles.updatedAt,
};

/**
 * The newest articles and the most read ones. Ties are broken by id so the order is stable between requests
 * (and between instances) when timestamps or counts are equal.
 */
export function builtinLatest(db: Database): KnowledgeBaseConnector['latest'] {
  return async (limits) => {
    const [latest, mostPopular] = await Promise.all([
      db
        .select(summaryColumns)
        .from(kbArticles)
        .orderBy(desc(kbArticles.updatedAt), desc(kbArticles.id))
        .limit(limits.latestLimit),
      db
        .select(summaryColumns)
        .from(kbArticles)
        .orderBy(desc(kbArticles.viewCount), desc(kbArticles.id))
        .limit(limits.popularLimit),
    ]);
    return { latest, mostPopular };
  };
}
