import { and, asc, desc, eq, gte, lt, sql } from 'drizzle-orm';
import { articleVotes, kbArticles } from '../../db/schema/index.js';
import { findArticleId, type KnowledgeOptions } from './articles.js';

/**
 * "Was this article helpful?": one vote per article and voter, so a second vote replaces the first. The voter
 * is `user:<id>` for a signed-in user, else `browser:<id>` of the browser's own cookie (routes decide which).
 */

export type Voter = `user:${string}` | `browser:${string}`;

/** Records `voter`'s vote on an article (id or slug); NOT_FOUND when there is no such article. */
export async function voteOnArticle(
  options: KnowledgeOptions,
  voter: Voter,
  vote: { article: string; helpful: boolean },
): Promise<{ helpful: boolean }> {
  const articleId = await findArticleId(options, vote.article);
  await options.db
    .insert(articleVotes)
    .values({ articleId, voter, helpful: vote.helpful })
    .onConflictDoUpdate({
      target: [articleVotes.articleId, articleVotes.voter],
      set: { helpful: vote.helpful, updatedAt: sql`now()` },
    });
  return { helpful: vote.helpful };
}

export interface ArticleVoteCount {
  id: number;
  title: string;
  htmlUrl: string;
  helpful: number;
  notHelpful: number;
}

/**
 * The votes on file that were cast or last changed in [from, to), per article: the most voted first, then
 * the most found unhelpful (what a content writer looks at first).
 */
export async function articleVoteCounts(
  { db }: KnowledgeOptions,
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
