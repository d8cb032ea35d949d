import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiPaths } from '../../../common/api-paths.js';
import { apiErrorSchema } from '../../../common/contracts/api-error.js';
import {
  articleParamsSchema,
  articleVoteBodySchema,
  articleVoteResponseSchema,
} from '../../../common/contracts/search.js';
import { sha256Hex, randomToken } from '../../lib/tokens.js';
import { articleVoteRateLimit } from '../../plugins/rate-limits.js';
import { readVoterToken, setVoterCookie } from '../../plugins/sessions.js';
import { voteOnArticle, type Voter } from '../../services/knowledge/article-votes.js';

/**
 * The voter of a request: the signed-in user, else this browser's own id, from its voter cookie (HttpOnly,
 * SameSite=Lax, a year). A browser without one is given one once its vote is stored (`newCookie`). The database
 * keeps the cookie's hash, never the cookie.
 */
function voterOf(request: FastifyRequest): { voter: Voter; newCookie?: string } {
  if (request.user) return { voter: `user:${request.user.id}` };
  const kept = readVoterToken(request, request.server.env);
  const token = kept ?? randomToken();
  return { voter: `browser:${sha256Hex(token)}`, ...(kept ? {} : { newCookie: token }) };
}

/**
 * What readers say about the Tech Hub's articles (prefix /api/zendesk, the portal's own calls): that an article
 * was read (its view count) and whether it helped. Both are state changes: the same-origin check of every
 * POST applies.
 */
export const articleFeedbackRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    apiPaths.knowledgeBase.articleViews.pattern,
    {
      schema: {
        tags: ['knowledge base'],
        summary: 'Count a view of an article',
        description:
          'Sent by the article page once it shows the article. Views are counted in memory and added to the ' +
          "article's view count in one statement every 30 seconds; a client address counts once per article " +
          'in that time. An id or slug that names no article is counted nowhere.',
        params: articleParamsSchema,
        response: { 204: z.null(), 400: apiErrorSchema },
      },
    },
    async (request, reply) => {
      app.knowledge.views.record(request.params.id, request.ip);
      return reply.code(204).send(null);
    },
  );

  app.post(
    apiPaths.knowledgeBase.articleVotes.pattern,
    {
      config: { rateLimit: articleVoteRateLimit(app.env) },
      schema: {
        tags: ['knowledge base'],
        summary: 'Was this article helpful?',
        description:
          'One vote per article and voter: the signed-in user, else the browser (its own HttpOnly cookie, set ' +
          `by the first vote). A second vote replaces the first. At most RATE_LIMIT_ARTICLE_VOTES_PER_MINUTE ` +
          'a minute per user, or per address when signed out.',
        params: articleParamsSchema,
        body: articleVoteBodySchema,
        response: {
          200: articleVoteResponseSchema,
          400: apiErrorSchema,
          404: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const { voter, newCookie } = voterOf(request);
      const vote = await voteOnArticle(app.knowledge.options, voter, {
        article: request.params.id,
        helpful: request.body.helpful,
      });
      if (newCookie) setVoterCookie(reply, request, app.env, newCookie);
      reply.header('cache-control', 'no-store');
      return vote;
    },
  );
};
