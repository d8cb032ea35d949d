import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { apiErrorSchema } from '../../../common/contracts/api-error.js';
import {
  PAGED_SEARCH_PATHS,
  pagedSearchQuerySchema,
  searchGroupSchemas,
  SOURCE_ACTIONS,
  SOURCE_LABELS,
  type SearchGroups,
  type SourceKey,
} from '../../../common/contracts/search.js';
import { authorize } from '../../plugins/guards.js';
import { searcherOf } from '../../plugins/searcher.js';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 503: apiErrorSchema };

export const pagedSearchRoutes: FastifyPluginAsyncZod = async (app) => {
  const register = <K extends SourceKey>(key: K): void => {
    // Widened to the union of groups: the handler's generic K cannot be resolved by the type provider.
    const response: z.ZodType<SearchGroups[SourceKey]> = searchGroupSchemas[key];
    const summary: string = `One page of ${SOURCE_LABELS[key]} results`;
    app.get(
      PAGED_SEARCH_PATHS[key],
      {
        // Refused before the query is read: a visitor learns nothing of a members' source's parameters.
        onRequest: authorize(SOURCE_ACTIONS[key]),
        schema: {
          tags: ['search'],
          summary,
          description:
            'Same group shape as in the aggregator answer. 401 for a visitor and 403 for a signed-in user ' +
            'who may not see the source; 503 when the source timed out or its circuit breaker is open.',
          querystring: pagedSearchQuerySchema,
          response: { 200: response, ...errors },
        },
      },
      async (request, reply) => {
        const group: SearchGroups[SourceKey] = await app.searches.page(searcherOf(request), key, {
          query: request.query.searchValue,
          page: request.query.page,
          exact: request.query.exact === 'true',
        });
        reply.header('cache-control', 'private, no-store');
        return group;
      },
    );
  };
  register('zendesk');
  register('git');
  register('forumbee');
  register('zendeskTickets');
  register('jiraIssues');
  register('zendeskRequests');
};
