import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths } from '../../../common/api-paths.js';
import { apiErrorSchema } from '../../../common/contracts/api-error.js';
import {
  MAX_SUGGESTIONS,
  searchQuerySchema,
  suggestionsResponseSchema,
} from '../../../common/contracts/search.js';
import { searcherOf } from '../../plugins/searcher.js';

/** `GET /api/aggregator/suggestions?searchValue=`: titles for the search boxes' suggestions as one types. */
export const suggestionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    apiPaths.aggregator.suggestions,
    {
      schema: {
        tags: ['search'],
        summary: 'Search suggestions',
        description:
          'The best few titles of the Knowledge Base, Documentation and Community for what was typed so far ' +
          '(every word, the last one as a prefix), interleaved source by source. Not recorded in analytics.',
        querystring: searchQuerySchema,
        response: { 200: suggestionsResponseSchema, 400: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const suggestions = await app.searches.service.suggestTitles(searcherOf(request), {
        query: request.query.searchValue,
        limit: MAX_SUGGESTIONS,
      });
      // The same for every visitor of a role, and short-lived: a browser may reuse it for a moment.
      reply.header('cache-control', 'private, max-age=30');
      return { suggestions };
    },
  );
};
