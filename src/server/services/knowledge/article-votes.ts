import type { ArticleVoteCount } from '../../connectors/knowledge-base/types.js';
import { findArticleId, type KnowledgeOptions } from './articles.js';

/**
 * "Was this article helpful?": one vote per article and voter, so a second vote replaces the first. The voter
 * is `user:<id>` for a signed-in user, else `browser:<id>` of the browser's own cookie (routes decide which).
 */

export type Voter = `user:${string}` | `browser:${string}`;

export type { ArticleVoteCount } from '../../connectors/knowledge-base/types.js';

/** Records `voter`'s vote on an article (id or slug); NOT_FOUND when there is no such article. */
export async function voteOnArticle(
  options: KnowledgeOptions,
  voter: Voter,
  vote: { article: string; helpful: boolean },
): Promise<{ helpful: boolean }> {
  const articleId = await findArticleId(options, vote.article);
  await options.knowledgeBase.recordVote({ articleId, voter, helpful: vote.helpful });
  return { helpful: vote.helpful };
}

/** The votes on file that were cast or last changed in [from, to), per article (see `voteCounts`). */
export const articleVoteCounts = (
  { knowledgeBase }: KnowledgeOptions,
  period: { from: Date; to: Date; limit: number },
): Promise<ArticleVoteCount[]> => knowledgeBase.voteCounts(period);
