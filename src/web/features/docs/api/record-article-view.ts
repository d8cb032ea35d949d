import { apiPaths } from '../../../../common/api-paths';
import { fetchApi } from '../../../lib/api-client';

/**
 * `POST /api/zendesk/articles/:id/views`: the article was shown, for its view count (the most viewed lists).
 * Sent with `keepalive`, so a reader who leaves at once still counts; a failure costs only the count.
 */
export function recordArticleView(id: number): void {
  void fetchApi(
    apiPaths.knowledgeBase.articleViews.href(String(id)),
    { method: 'POST', keepalive: true },
    () => undefined,
  ).catch(() => undefined);
}
