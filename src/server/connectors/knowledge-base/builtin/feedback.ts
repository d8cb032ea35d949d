import { and, asc, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import type { ArticleVoteCount, ArticleViews, KnowledgeBaseConnector } from '../types.js';
import { articleVotes, kbArticles } from './schema.js';

/** The built-in's read counts and "Was this article helpful?" votes, kept beside its articles. */
export function builtinFeedback(
  db: Database,
): Pick<KnowledgeBaseConnector, 'addViews' | 'recordVote' | 'voteCounts'> {
  return {
    addViews: (views) => addViews(db, views),
    recordVote: async ({ articleId, voter, helpful }) => {
      await db
        .insert(articleVotes)
        .values({ articleId, voter, helpful })
        .onConflictDoUpdate({
          target: [articleVotes.articleId, articleVotes.voter],
          set: { helpful, updatedAt: sql`now()` },
        });
    },
    voteCounts: (period) => voteCounts(db, period),
  };
}

/**
 * One statement per kind of key, each with one JSON parameter; an id or slug that names no article updates
 * nothing. `updated_at` is the article's content date and is not touched.
 */
async function addViews(db: Database, { byId, bySlug }: ArticleViews): Promise<void> {
  if (byId.size > 0) {
    const rows = JSON.stringify([...byId].map(([id, n]) => ({ id, n })));
    await db.execute(
      sql`update kb_articles k set view_count = k.view_count + v.n
from jsonb_to_recordset(${rows}::jsonb) as v(id int, n int) where k.id = v.id`,
    );
  }
  if (bySlug.size > 0) {
    const rows = JSON.stringify([...bySlug].map(([slug, n]) => ({ slug, n })));
    await db.execute(
      sql`update kb_articles k set view_count = k.view_count + v.n
from jsonb_to_recordset(${rows}::jsonb) as v(slug text, n int) where k.slug = v.slug`,
    );
  }
}

async function voteCounts(
  db: Database,
  period: { from: Date; to: Date; limit: number },
): Promise<ArticleVoteCount[]> {
  const helpful = sql<number>`count(*) filter (where ${articleVotes.helpful})::int`;
  const notHelpful = sql<number>`count(*) filter (where not ${articleVotes.helpful})::int`;
  const rows = await db
    .select({
      id: kbArticles.id,
      title: kbArticles.title,
      htmlUrl: kbArticles.htmlUrl,
      helpful,
      notHelpful,
    })
    .from(articleVotes)
    .innerJoin(kbArticles, eq(kbArticles.id, articleVotes.articleId))
    .where(and(gte(articleVotes.updatedAt, period.from), lt(articleVotes.updatedAt, period.to)))
    .groupBy(kbArticles.id)
    .orderBy(desc(sql`count(*)`), desc(notHelpful), asc(kbArticles.title), asc(kbArticles.id))
    .limit(period.limit);
  return rows.map((row) => ({ ...row, helpful: Number(row.helpful), notHelpful: Number(row.notHelpful) }));
}
