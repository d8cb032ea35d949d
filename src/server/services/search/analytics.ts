import { and, count, desc, eq, gte, isNotNull, lt, sql } from 'drizzle-orm';
import { withoutControlCharacters } from '../../../common/contracts/text.js';
import type { Database } from '../../db/client.js';
import { searchClicks, searchEvents, type SearchCounts } from '../../db/schema/index.js';
import { normaliseQuery } from '../../lib/normalise-query.js';

/** What the analytics calls take first (part of the search area's options, `SearchOptions`). */
export interface AnalyticsOptions {
  db: Database;
}

export interface SearchEventInput {
  query: string;
  userId: string | null;
  role: string;
  counts: SearchCounts;
  /** The corrected spelling whose results were shown (in one source or more), if any. */
  correctedTo?: string;
  /** The results were the partial match (in one source or more). */
  partial?: boolean;
}

interface StoredEvent {
  query: string;
  user_id: string | null;
  role: string;
  counts: SearchCounts;
  total: number;
  corrected_to: string | null;
  partial: boolean;
  created_at: string;
}

/** Longest query kept in analytics; longer ones are cut (a pasted log line is not a query to rank). */
const STORED_QUERY_LENGTH = 200;

/**
 * Search analytics, written in batches: one multi-row insert per `flushMs` (or per `maxBatch` events) instead
 * of one commit per search, which at hundreds of searches a second would cost more than the searches. Events
 * keep the time they happened. A crash loses at most the last `flushMs`; a graceful shutdown writes what is
 * queued (the app's onClose hook calls `close`). A search still running then belongs to a client that has
 * already disconnected (Fastify drains connections before onClose), and its event is dropped: the database
 * pool is about to close.
 */
export class SearchEventRecorder {
  /** Rows in the column names of `search_events`. */
  private queue: StoredEvent[] = [];
  private timer: NodeJS.Timeout | undefined;
  private readonly writing = new Set<Promise<void>>();
  private closed = false;

  constructor(
    private readonly analytics: AnalyticsOptions,
    private readonly options: { flushMs: number; maxBatch: number; onError: (error: unknown) => void },
  ) {}

  record(event: SearchEventInput): void {
    if (this.closed) return;
    this.queue.push({
      // The query is what a visitor typed: a control character in it must not cost the batch (jsonb and
      // text columns refuse U+0000), so it is kept as a space.
      query: withoutControlCharacters(normaliseQuery(event.query)).slice(0, STORED_QUERY_LENGTH),
      user_id: event.userId,
      role: event.role,
      counts: event.counts,
      total: Object.values(event.counts).reduce((sum, value) => sum + value, 0),
      corrected_to:
        event.correctedTo === undefined ? null : withoutControlCharacters(normaliseQuery(event.correctedTo)),
      partial: event.partial ?? false,
      created_at: new Date().toISOString(),
    });
    if (this.queue.length >= this.options.maxBatch) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), this.options.flushMs).unref();
  }

  /** Writes what is queued and resolves when every write started so far has settled (failures are logged). */
  async flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.queue;
    this.queue = [];
    if (batch.length > 0) {
      const write: Promise<void> = this.write(batch).finally(() => this.writing.delete(write));
      this.writing.add(write);
    }
    await Promise.all([...this.writing]);
  }

  /**
   * One statement for the whole batch; if it fails, each event on its own, so that one event the database
   * refuses costs only itself and never the other users' events.
   */
  private async write(batch: StoredEvent[]): Promise<void> {
    try {
      await this.insert(batch);
      return;
    } catch (error) {
      if (batch.length === 1) {
        this.options.onError(error);
        return;
      }
    }
    for (const event of batch) {
      await this.insert([event]).catch(this.options.onError);
    }
  }

  /**
   * One JSON parameter rather than six per row: building a statement with thousands of parameters would hold
   * the event loop for milliseconds on every flush, in front of the searches waiting behind it. The user is
   * joined rather than trusted, so an account deleted since the search leaves the event anonymous instead of
   * failing the foreign key.
   */
  private async insert(events: StoredEvent[]): Promise<void> {
    await this.analytics.db.execute(
      sql`insert into search_events (query, user_id, role, counts, total, corrected_to, partial, created_at)
select e.query, u.id, e.role, e.counts, e.total, e.corrected_to, e.partial, e.created_at
from jsonb_to_recordset(${JSON.stringify(events)}::jsonb)
  as e(query text, user_id text, role text, counts jsonb, total int, corrected_to text, partial boolean,
       created_at timestamptz)
  left join users u on u.id = e.user_id`,
    );
  }

  /** Writes what is queued and stops taking events. */
  async close(): Promise<void> {
    this.closed = true;
    await this.flush();
  }
}

export interface QueryCount {
  query: string;
  count: number;
}

export interface CorrectedQueryCount extends QueryCount {
  correctedTo: string;
}

export interface ClickedResult {
  url: string;
  source: string;
  clicks: number;
  /** Mean 1-based rank at which it was clicked. */
  averageRank: number;
}

export interface SearchAnalyticsResult {
  topQueries: QueryCount[];
  zeroResultQueries: QueryCount[];
  /** Misspelt queries and the spelling whose results they were shown (in one source or more). */
  correctedQueries: CorrectedQueryCount[];
  /** Queries that matched few items with every word and fell back to the partial match in a source or more. */
  partialQueries: QueryCount[];
  /** Searches, clicks on their results, and the results clicked most. */
  clickThrough: { searches: number; clicks: number; topResults: ClickedResult[] };
}

/** A click on a search result (`POST /api/aggregator/searchClick`), written at once: clicks are few. */
export async function recordSearchClick(
  { db }: AnalyticsOptions,
  userId: string | null,
  click: { query: string; source: string; rank: number; url: string },
): Promise<void> {
  await db.insert(searchClicks).values({
    query: withoutControlCharacters(normaliseQuery(click.query)).slice(0, STORED_QUERY_LENGTH),
    source: click.source,
    rank: click.rank,
    url: click.url,
    userId,
  });
}

/** The most frequent queries and the most frequent queries that found nothing, in [from, to). */
export async function searchAnalytics(
  { db }: AnalyticsOptions,
  range: { from: Date; to: Date; limit: number },
): Promise<SearchAnalyticsResult> {
  const period = and(gte(searchEvents.createdAt, range.from), lt(searchEvents.createdAt, range.to));
  const n = count().as('n');
  const top = (where: ReturnType<typeof and>) =>
    db
      .select({ query: searchEvents.query, count: n })
      .from(searchEvents)
      .where(where)
      .groupBy(searchEvents.query)
      .orderBy(desc(sql`n`), searchEvents.query)
      .limit(range.limit);
  const clickPeriod = and(gte(searchClicks.createdAt, range.from), lt(searchClicks.createdAt, range.to));
  const [topQueries, zeroResultQueries, partialQueries, corrected, searches, clicks, clicked] =
    await Promise.all([
      top(period),
      top(and(period, eq(searchEvents.total, 0))),
      top(and(period, eq(searchEvents.partial, true))),
      db
        .select({ query: searchEvents.query, correctedTo: searchEvents.correctedTo, count: n })
        .from(searchEvents)
        .where(and(period, isNotNull(searchEvents.correctedTo)))
        .groupBy(searchEvents.query, searchEvents.correctedTo)
        .orderBy(desc(sql`n`), searchEvents.query)
        .limit(range.limit),
      db.select({ n: count() }).from(searchEvents).where(period),
      db.select({ n: count() }).from(searchClicks).where(clickPeriod),
      db
        .select({
          url: searchClicks.url,
          source: searchClicks.source,
          clicks: n,
          averageRank: sql<string>`avg(${searchClicks.rank})`,
        })
        .from(searchClicks)
        .where(clickPeriod)
        .groupBy(searchClicks.url, searchClicks.source)
        .orderBy(desc(sql`n`), searchClicks.url)
        .limit(range.limit),
    ]);
  const counted = (rows: { query: string; count: number }[]) =>
    rows.map((row) => ({ query: row.query, count: Number(row.count) }));
  return {
    topQueries: counted(topQueries),
    zeroResultQueries: counted(zeroResultQueries),
    partialQueries: counted(partialQueries),
    correctedQueries: corrected.map((row) => ({
      query: row.query,
      correctedTo: row.correctedTo ?? '',
      count: Number(row.count),
    })),
    clickThrough: {
      searches: Number(searches[0]?.n ?? 0),
      clicks: Number(clicks[0]?.n ?? 0),
      topResults: clicked.map((row) => ({
        url: row.url,
        source: row.source,
        clicks: Number(row.clicks),
        averageRank: Math.round(Number(row.averageRank) * 10) / 10,
      })),
    },
  };
}
