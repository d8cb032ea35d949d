import { and, count, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { searchEvents, type SearchCounts } from '../../db/schema.js';

/** Queries are stored normalised, so "Transit  Gateway" and "transit gateway" count as one. */
export function normaliseQuery(query: string): string {
  return query.trim().replace(/\s+/g, ' ').toLowerCase().slice(0, 200);
}

export interface SearchEventInput {
  query: string;
  userId: string | null;
  role: string;
  counts: SearchCounts;
}

export async function recordSearchEvent(db: Database, event: SearchEventInput): Promise<void> {
  const total = Object.values(event.counts).reduce((sum, value) => sum + value, 0);
  await db.insert(searchEvents).values({
    query: normaliseQuery(event.query),
    userId: event.userId,
    role: event.role,
    counts: event.counts,
    total,
  });
}

export interface QueryCount {
  query: string;
  count: number;
}

export interface SearchAnalyticsResult {
  topQueries: QueryCount[];
  zeroResultQueries: QueryCount[];
}

/** The most frequent queries and the most frequent queries that found nothing, in [from, to). */
export async function searchAnalytics(options: {
  db: Database;
  from: Date;
  to: Date;
  limit: number;
}): Promise<SearchAnalyticsResult> {
  const { db } = options;
  const period = and(gte(searchEvents.createdAt, options.from), lt(searchEvents.createdAt, options.to));
  const n = count().as('n');
  const top = (where: ReturnType<typeof and>) =>
    db
      .select({ query: searchEvents.query, count: n })
      .from(searchEvents)
      .where(where)
      .groupBy(searchEvents.query)
      .orderBy(desc(sql`n`), searchEvents.query)
      .limit(options.limit);
  const [topQueries, zeroResultQueries] = await Promise.all([
    top(period),
    top(and(period, eq(searchEvents.total, 0))),
  ]);
  return {
    topQueries: topQueries.map((row) => ({ query: row.query, count: Number(row.count) })),
    zeroResultQueries: zeroResultQueries.map((row) => ({ query: row.query, count: Number(row.count) })),
  };
}
