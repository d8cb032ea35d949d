import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { jsonResponse, PUBLIC_CACHE_CONTROL, sendKept } from '../../lib/kept-responses.js';
import { apiErrorSchema } from '../../../common/contracts/api-error.js';
import {
  articleDetailsSchema,
  articleParamsSchema,
  articleResponseSchema,
  categoryOverviewSchema,
  categoryQuerySchema,
  categorySearchQuerySchema,
  categorySearchResponseSchema,
} from '../../../common/contracts/search.js';
import { can } from '../../../common/policies.js';
import { searcherOf } from '../../plugins/searcher.js';
import { presentArticle, presentArticleDetails } from '../../presenters/search.js';
import { articlePage, categoryTree, findCategory } from '../../services/knowledge/articles.js';
import { OVERVIEW_LIST_LENGTH } from '../../../common/contracts/search.js';
import { apiPaths } from '../../../common/api-paths.js';

/**
 * The two views of the knowledge base: a visitor's (protected bodies left out) and a signed-in reader's. Each
 * is the same for everyone who has it until the content is loaded again, so both are kept; only the
 * visitor's may be kept by a shared cache, and `Vary: Cookie` keeps a signed-in reader off it.
 */
type Reader = 'visitor' | 'member';
const readerOf = (request: FastifyRequest): Reader =>
  can(request.user, 'readProtectedArticles') ? 'member' : 'visitor';
const cacheControlFor = (reader: Reader) =>
  reader === 'visitor' ? PUBLIC_CACHE_CONTROL : 'private, no-cache';

const errors = { 400: apiErrorSchema, 404: apiErrorSchema, 503: apiErrorSchema };

/** The /docs page's calls: a category's sections and articles, its search, one article (prefix /api/zendesk). */
export const knowledgeBaseRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    apiPaths.knowledgeBase.articleDetails,
    {
      schema: {
        tags: ['knowledge base'],
        summary: 'Sections and articles of a category',
        description:
          '`categoryId` is the numeric id or the slug (`tech-hub`). Protected articles come with an empty body ' +
          "and the snippet 'Sign in to read this article.' unless the user is signed in.",
        querystring: categoryQuerySchema,
        response: { 200: articleDetailsSchema, 304: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const reader = readerOf(request);
      const answer = await app.keptResponses.get(
        `api:articleDetails:${reader}:${request.query.categoryId}`,
        async () => {
          const category = await findCategory(app.knowledge.options, request.query.categoryId);
          const tree = await categoryTree(app.knowledge.options, category);
          return jsonResponse(articleDetailsSchema.parse(presentArticleDetails(tree, reader === 'member')));
        },
      );
      return sendKept(request, reply, answer, cacheControlFor(reader));
    },
  );

  app.get(
    apiPaths.knowledgeBase.articlesByCategory,
    {
      schema: {
        tags: ['knowledge base'],
        summary: 'Search the knowledge base of one category',
        querystring: categorySearchQuerySchema,
        response: { 200: categorySearchResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const answer = await app.searches.category(searcherOf(request), {
        categoryId: request.query.categoryId,
        query: request.query.searchValue,
        page: request.query.page,
      });
      reply.header('cache-control', 'private, no-store');
      return answer;
    },
  );

  app.get(
    apiPaths.knowledgeBase.article.pattern,
    {
      schema: {
        tags: ['knowledge base'],
        summary: 'One article, by id or slug',
        description: 'A protected article has `body: null` unless the user is signed in.',
        params: articleParamsSchema,
        response: { 200: articleResponseSchema, 304: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const reader = readerOf(request);
      const answer = await app.keptResponses.get(`api:article:${reader}:${request.params.id}`, async () => {
        const page = await articlePage(app.knowledge.options, request.params.id);
        return jsonResponse(articleResponseSchema.parse(presentArticle(page, reader === 'member')));
      });
      return sendKept(request, reply, answer, cacheControlFor(reader));
    },
  );

  app.get(
    apiPaths.knowledgeBase.categoryOverview,
    {
      schema: {
        tags: ['knowledge base'],
        summary: 'The home of a category: sections with counts, most viewed and recent articles',
        description:
          `Each section with its article count, and the ${OVERVIEW_LIST_LENGTH} most viewed and most recently ` +
          'updated articles (titles, sections and dates: the same for every visitor). Kept in memory until the ' +
          'content is loaded again or the view counts may have moved the most viewed (10 minutes).',
        querystring: categoryQuerySchema,
        response: { 200: categoryOverviewSchema, 304: z.null(), ...errors },
      },
    },
    async (request, reply) =>
      sendKept(request, reply, await app.knowledge.categoryOverview(request.query.categoryId)),
  );
};
