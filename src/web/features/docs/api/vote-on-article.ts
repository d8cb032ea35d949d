import { useMutation } from '@tanstack/react-query';
import { apiPaths } from '../../../../common/api-paths';
import { fetchApi } from '../../../lib/api-client';
import { checkedBy } from '../../../lib/search-contracts';

/**
 * `POST /api/zendesk/articles/:id/votes {helpful}`: "Was this article helpful?". One vote per user, or per
 * browser when signed out (the server's cookie); a second vote replaces the first.
 */
export function useVoteOnArticle(id: number) {
  return useMutation({
    mutationFn: (helpful: boolean) =>
      fetchApi(
        apiPaths.knowledgeBase.articleVotes.href(String(id)),
        { json: { helpful } },
        checkedBy((contracts) => contracts.articleVoteResponseSchema),
      ),
  });
}
