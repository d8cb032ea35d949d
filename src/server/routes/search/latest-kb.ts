import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../../common/contracts/api-error.js';
import { latestKbResponseSchema } from '../../../common/contracts/latest-kb.js';
import { sendKept } from '../../lib/kept-responses.js';
import { apiPaths } from '../../../common/api-paths.js';

/** `GET /api/aggregator/latestKB`: the home page's latest Knowledge Base card (spec section 7). */
export const latestKbRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    apiPaths.aggregator.latestKb,
    {
      schema: {
        tags: ['aggregator'],
        summary: 'Latest and most popular knowledge base articles',
        description:
          'The 6 most recently updated articles with a plain-text snippet, and the 5 most viewed as links. ' +
          'The same for every visitor: kept in memory until the content is loaded again or the view counts ' +
          'may have moved the most popular (10 minutes), with a strong ETag (304 on If-None-Match).',
        response: { 200: latestKbResponseSchema, 304: z.null(), 500: apiErrorSchema },
      },
    },
    async (request, reply) => sendKept(request, reply, await app.knowledge.latestKb()),
  );
};
