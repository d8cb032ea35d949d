import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiPaths } from '../../../common/api-paths.js';
import { apiErrorSchema } from '../../../common/contracts/api-error.js';
import { searchClickBodySchema } from '../../../common/contracts/search.js';
import { recordSearchClick } from '../../services/search/analytics.js';

/**
 * `POST /api/aggregator/searchClick {query, source, rank, url}`: the search page reports a click on a result,
 * so the admin's analytics show the click-through and which results were worth opening. Anyone who may
 * search may report (the same-origin check of every state change applies); nothing is answered back.
 */
export const searchClickRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    apiPaths.aggregator.searchClick,
    {
      schema: {
        tags: ['search'],
        summary: 'Record a click on a search result',
        body: searchClickBodySchema,
        response: { 204: z.null(), 400: apiErrorSchema },
      },
    },
    async (request, reply) => {
      await recordSearchClick(app.searches.options, request.user?.id ?? null, request.body);
      return reply.code(204).send(null);
    },
  );
};
