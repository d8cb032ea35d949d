import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '../../../common/contracts/api-error.js';
import {
  searchBodySchema,
  searchQuerySchema,
  searchResponseSchema,
} from '../../../common/contracts/search.js';
import { searcherOf } from '../../plugins/searcher.js';
import { logoutAnswerSchema, requireSession } from '../../plugins/guards.js';
import { apiPaths } from '../../../common/api-paths.js';

const DESCRIPTION =
  'Searches every source the session may see (anonymous, customers, agents: Knowledge Base, Documentation, ' +
  'Community; customers also their own requests; agents and admins also Tickets and Jira) and the body ' +
  '`filter` names (all when empty). A filter key the user may not see is ignored. Each source is bounded by ' +
  'a timeout and a circuit breaker; `status` says per source whether it answered. A query of a ticket ' +
  'number (`32`, `#32`) or an issue key (`NET-1008`) alone answers `jump` when the session may open it.';

/**
 * `POST /api/aggregator/search`, `/customerSearch`, `/agentSearch` (spec section 7). The three differ only in
 * that the last two need a session (a 401 with event 'logout' makes the app sign out); the sources always
 * follow the session, never the path.
 */
export const aggregatorSearchRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const [path, needsSession] of [
    [apiPaths.aggregator.search, false],
    [apiPaths.aggregator.customerSearch, true],
    [apiPaths.aggregator.agentSearch, true],
  ] as const) {
    app.post(
      path,
      {
        // The busiest route: its answer is built field by field by the typed presenter (presenters/search.ts),
        // so it is stringified as it is instead of being checked against the schema again on every request
        // (a tenth of the route's CPU). The schema still documents it, and the API tests parse every answer
        // with it.
        serializerCompiler: () => (data) => JSON.stringify(data),
        // customerSearch and agentSearch answer 401 {event: 'logout'} without a session.
        ...(needsSession ? { onRequest: requireSession } : {}),
        schema: {
          tags: ['search'],
          summary: `Federated search${needsSession ? ' (signed in)' : ''}`,
          description: DESCRIPTION,
          querystring: searchQuerySchema,
          body: searchBodySchema,
          response: {
            200: searchResponseSchema,
            400: apiErrorSchema,
            401: logoutAnswerSchema,
            500: apiErrorSchema,
          },
        },
      },
      async (request, reply) => {
        const answer = await app.searches.federated(searcherOf(request), {
          role: request.user?.role ?? 'anonymous',
          query: request.query.searchValue,
          ...(request.body?.filter ? { filter: request.body.filter } : {}),
          exact: request.body?.exact ?? false,
        });
        reply.header('cache-control', 'private, no-store');
        return answer;
      },
    );
  }
};
