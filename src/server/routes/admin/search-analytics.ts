import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '../../../common/contracts/api-error.js';
import {
  ANALYTICS_LAST_DAY,
  analyticsQuerySchema,
  searchAnalyticsSchema,
} from '../../../common/contracts/search.js';
import { authorize } from '../../plugins/guards.js';
import { searchAnalytics } from '../../services/search/analytics.js';
import { articleVoteCounts } from '../../services/knowledge/article-votes.js';
import { ServiceError } from '../../lib/errors.js';
import { apiPaths } from '../../../common/api-paths.js';

const DEFAULT_PERIOD_DAYS = 30;
const TOP_LIMIT = 20;

/** The end of the last day analytics can cover; the day after it has no form PostgreSQL reads. */
const LATEST_BOUND = Date.parse(`${ANALYTICS_LAST_DAY}T23:59:59.999Z`);

/** A bare date means the whole day: `to=2025-10-31` includes the 31st. */
function parseBound(value: string | undefined, end: boolean): Date | undefined {
  if (value === undefined) return undefined;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const day = Date.parse(`${value}T00:00:00Z`);
    return new Date(end ? Math.min(day + 86_400_000, LATEST_BOUND) : day);
  }
  return new Date(value);
}

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
        summary: 'Top queries, zero-result queries and article votes',
        description:
          `ISO dates or timestamps; default: the last ${DEFAULT_PERIOD_DAYS} days. Admins only. ` +
          '`articleVotes`: helpful and not helpful per article, of the votes cast or changed in the period.',
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
      const to = parseBound(request.query.to, true) ?? new Date();
      const from =
        parseBound(request.query.from, false) ?? new Date(to.getTime() - DEFAULT_PERIOD_DAYS * 86_400_000);
      if (from >= to) throw new ServiceError('INVALID_INPUT', 'from must be before to.');
      const [result, votes] = await Promise.all([
        searchAnalytics(app.searches.options, { from, to, limit: TOP_LIMIT }),
        articleVoteCounts(app.knowledge.options, { from, to, limit: TOP_LIMIT }),
      ]);
      reply.header('cache-control', 'private, no-store');
      return {
        from: from.toISOString(),
        to: to.toISOString(),
        ...result,
        articleVotes: votes.map((row) => ({
          id: row.id,
          title: row.title,
          html_url: row.htmlUrl,
          helpful: row.helpful,
          notHelpful: row.notHelpful,
        })),
      };
    },
  );
};
