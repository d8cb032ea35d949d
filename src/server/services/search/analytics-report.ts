import type { FastifyInstance } from 'fastify';
import { ANALYTICS_LAST_DAY, type SearchAnalytics } from '../../../common/contracts/search.js';
import { ServiceError } from '../../lib/errors.js';
import { articleVoteCounts } from '../knowledge/article-votes.js';
import { deflectionReport } from '../tickets/deflection.js';
import { searchAnalytics } from './analytics.js';

/** What the period defaults to when the query names no start: the days before its end. */
export const ANALYTICS_DEFAULT_PERIOD_DAYS = 30;
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
 * The search analytics of a period (`from` and `to` as `GET /api/admin/search-analytics` takes them, checked
 * by its schema): top and zero-result queries and beside them the article votes and the ticket forms'
 * deflection. The API route and the admin
 * page's server render both answer with it.
 */
export async function analyticsReport(
  app: FastifyInstance,
  query: { from?: string | undefined; to?: string | undefined },
): Promise<SearchAnalytics> {
  const to = parseBound(query.to, true) ?? new Date();
  const from =
    parseBound(query.from, false) ?? new Date(to.getTime() - ANALYTICS_DEFAULT_PERIOD_DAYS * 86_400_000);
  if (from >= to) throw new ServiceError('INVALID_INPUT', 'from must be before to.');
  const [result, votes, deflection] = await Promise.all([
    searchAnalytics(app.searches.options, { from, to, limit: TOP_LIMIT }),
    articleVoteCounts(app.knowledge.options, { from, to, limit: TOP_LIMIT }),
    deflectionReport(app.db, { from, to }),
  ]);
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
    deflection,
  };
}
