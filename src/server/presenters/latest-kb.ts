import {
  latestKbResponseSchema,
  LATEST_KB_COUNT,
  MOST_POPULAR_KB_COUNT,
  type LatestKbResponse,
} from '../../common/contracts/latest-kb.js';
import { SIGN_IN_TO_READ } from '../../common/contracts/search.js';
import { cutSnippet, SNIPPET_LENGTH } from '../../common/snippet.js';
import type { Database } from '../db/client.js';
import { jsonResponse, type KeptResponse, type KeptResponses } from '../lib/kept-responses.js';
import { VIEW_ORDERED_TTL_MS } from '../services/knowledge/article-views.js';
import { listLatestKb, type LatestKb } from '../services/knowledge/list-latest-kb.js';

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

/** The home page card as the API and the server-side renderer both serve it. */
export async function loadLatestKb(db: Database): Promise<LatestKbResponse> {
  return presentLatestKb(
    await listLatestKb({ db, latestLimit: LATEST_KB_COUNT, popularLimit: MOST_POPULAR_KB_COUNT }),
  );
}

/**
 * The card's answer as kept: the same for every visitor, it changes with the content and, for its most popular
 * list, with the view counts readers add, so it is kept until the next content load or for
 * {@link VIEW_ORDERED_TTL_MS}, whichever comes first: the database is asked a few times an hour.
 */
export function keptLatestKb(kept: KeptResponses, db: Database): Promise<KeptResponse> {
  return kept.get(
    'api:latestKB',
    async () => jsonResponse(latestKbResponseSchema.parse(await loadLatestKb(db))),
    { ttlMs: VIEW_ORDERED_TTL_MS },
  );
}
