import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  latestKbResponseSchema,
  LATEST_KB_COUNT,
  MOST_POPULAR_KB_COUNT,
} from '../../../common/contracts/latest-kb.js';
import { categoryOverviewSchema, OVERVIEW_LIST_LENGTH } from '../../../common/contracts/search.js';
import { jsonResponse, type KeptResponse } from '../../lib/kept-responses.js';
import { presentLatestKb } from '../../presenters/latest-kb.js';
import { presentCategoryOverview } from '../../presenters/search.js';
import { ArticleViewCounter, VIEW_ORDERED_TTL_MS } from './article-views.js';
import { categoryOverview, findCategory, type KnowledgeOptions } from './articles.js';
import { listLatestKb } from './list-latest-kb.js';

/** The knowledge base's answers that are the same for every visitor, and the readers' view counts. */
export interface KnowledgeArea {
  /** What the knowledge service's calls take first (services/knowledge/articles.ts), built once. */
  options: KnowledgeOptions;
  /** Articles' view counts, added up in memory and written in batches; flushed when the app closes. */
  views: ArticleViewCounter;
  /**
   * The home page's card (`GET /api/aggregator/latestKB`) as the API and the server render both serve it. It
   * changes with the content and, for its most popular list, with the view counts readers add, so it is kept
   * until the next content load or for {@link VIEW_ORDERED_TTL_MS}, whichever comes first: the database is
   * asked a few times an hour.
   */
  latestKb(): Promise<KeptResponse>;
  /**
   * A category's overview, kept like the card (its most viewed list follows the view counts). A missing
   * category is kept too, as its 404.
   */
  categoryOverview(categoryId: string): Promise<KeptResponse>;
}

declare module 'fastify' {
  interface FastifyInstance {
    knowledge: KnowledgeArea;
  }
}

/** How long article views are added up in memory before one statement writes them (the route says 30 s). */
const ARTICLE_VIEWS_FLUSH_MS = 30_000;

async function knowledgePlugin(app: FastifyInstance): Promise<void> {
  const options: KnowledgeOptions = { db: app.db, knowledgeBase: app.connectors.knowledgeBase };
  const views = new ArticleViewCounter(options, {
    flushMs: ARTICLE_VIEWS_FLUSH_MS,
    maxArticles: 10_000,
    maxReaders: 100_000,
    onError: (error) => app.log.error({ err: error }, 'article view counts write failed'),
  });
  app.addHook('onClose', async () => views.close());
  app.decorate('knowledge', {
    options,
    views,
    latestKb: () =>
      app.keptResponses.get(
        'api:latestKB',
        async () => {
          const latest = await listLatestKb(options, {
            latestLimit: LATEST_KB_COUNT,
            popularLimit: MOST_POPULAR_KB_COUNT,
          });
          return jsonResponse(latestKbResponseSchema.parse(presentLatestKb(latest)));
        },
        { ttlMs: VIEW_ORDERED_TTL_MS },
      ),
    categoryOverview: (categoryId) =>
      app.keptResponses.get(
        `api:categoryOverview:${categoryId}`,
        async () => {
          const category = await findCategory(options, categoryId);
          const overview = await categoryOverview(options, category, OVERVIEW_LIST_LENGTH);
          return jsonResponse(categoryOverviewSchema.parse(presentCategoryOverview(overview)));
        },
        { ttlMs: VIEW_ORDERED_TTL_MS },
      ),
  } satisfies KnowledgeArea);
}

export default fp(knowledgePlugin, { name: 'knowledge', dependencies: ['foundation'] });
