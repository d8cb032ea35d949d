import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '../../../common/contracts/api-error.js';
import { analyticsQuerySchema, searchAnalyticsSchema } from '../../../common/contracts/search.js';
import { authorize } from '../../plugins/guards.js';
import { ANALYTICS_DEFAULT_PERIOD_DAYS, analyticsReport } from '../../services/search/analytics-report.js';
import { apiPaths } from '../../../common/api-paths.js';
/**
 * `GET /api/admin/search-analytics?from=&to=`: top and zero-result queries of a period, and beside them what
 * readers said of the articles ("Was this article helpful?") in it (admins only).
 */
export const searchAnalyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    apiPaths.admin.searchAnalytics,
    {
      onRequest: authorize('readSearchAnalytics'),
      schema: {
        tags: ['admin'],
        summary: 'Top queries, zero-result queries, article votes and ticket deflection',
        description:
          `ISO dates or timestamps; default: the last ${ANALYTICS_DEFAULT_PERIOD_DAYS} days. Admins only. ` +
          '`articleVotes`: helpful and not helpful per article, of the votes cast or changed in the period. ' +
          '`deflection`: the ticket forms opened in the period that suggested articles, and the share abandoned ' +
          'without a ticket after an article was opened (`rate`).',
        querystring: analyticsQuerySchema,
        response: {
          200: searchAnalyticsSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const report = await analyticsReport(app, request.query);
      reply.header('cache-control', 'private, no-store');
      return report;
    },
  );
};
