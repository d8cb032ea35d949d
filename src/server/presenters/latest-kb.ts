import type { LatestKbResponse } from '../../common/contracts/latest-kb.js';
import { SIGN_IN_TO_READ } from '../../common/contracts/search.js';
import { cutSnippet, SNIPPET_LENGTH } from '../../common/snippet.js';
import type { LatestKb } from '../services/knowledge/list-latest-kb.js';

/** Maps the knowledge area's result to the wire format of `GET /api/aggregator/latestKB`. */
export function presentLatestKb(result: LatestKb): LatestKbResponse {
  return {
    zendesk: {
      articles: result.latest.map((article) => ({
        id: article.id,
        title: article.title,
        html_url: article.htmlUrl,
        // The card is public (and rendered on the server for everyone): protected text stays out of it.
        snippet:
          article.userSegmentId === null ? cutSnippet(article.bodyText, SNIPPET_LENGTH) : SIGN_IN_TO_READ,
        updated_at: article.updatedAt.toISOString(),
      })),
    },
    mostPopular: result.mostPopular.map((article) => ({ name: article.title, link: article.htmlUrl })),
  };
}
