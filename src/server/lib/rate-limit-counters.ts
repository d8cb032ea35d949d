import { and, inArray, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { Database } from '../db/client.js';
import { rateLimitCounters } from '../db/schema/index.js';
import { connectSharedRedis, throttledWarning, type SharedRedisHealth } from './shared-redis.js';

/**
 * Fixed-window counters of the rate limits (plugins/rate-limits.ts), kept where every instance counts the
 * same: in the database by default, in Redis when REDIS_URL is set. A key's window starts at its first hit
 * and lasts `windowMs`; the first hit after it ended starts the next one.
 */

/** One key's count in its current window. */
export interface WindowCount {
  /** Hits so far in the window, this one included. */
  hits: number;
  /** Milliseconds until the window ends. */
  resetsInMs: number;
}

export interface RateLimitCounters {
  /** Counts one hit of `key`. */
  hit(key: string, windowMs: number): Promise<WindowCount>;
  close(): Promise<void>;
}

/** How often an instance deletes the database's ended windows, at most. */
const SWEEP_INTERVAL_MS = 60_000;
/** Rows one sweep deletes at most, so that it stays a short statement after a long quiet spell. */
const SWEEP_BATCH = 1000;

/**
 * Counters in `rate_limit_counters`: one upsert per hit, atomic on PostgreSQL and PGlite alike, with the
 * database's clock (instances' clocks may differ). Ended windows are swept by the instance that counts
 * first after SWEEP_INTERVAL_MS, in the background, so no scheduler is needed.
 */
export function databaseCounters(db: Database, log: FastifyBaseLogger): RateLimitCounters {
  let lastSweep = 0;
  let sweeping: Promise<void> = Promise.resolve();

  const sweep = async (): Promise<void> => {
    const ended = db
      .select({ key: rateLimitCounters.key })
      .from(rateLimitCounters)
      .where(lt(rateLimitCounters.resetsAt, sql`now()`))
      .limit(SWEEP_BATCH);
    // The outer condition is checked again on a row a hit has just restarted, which is then kept.
    await db
      .delete(rateLimitCounters)
      .where(and(inArray(rateLimitCounters.key, ended), lt(rateLimitCounters.resetsAt, sql`now()`)));
  };

  return {
    async hit(key, windowMs) {
      const ended = sql`${rateLimitCounters.resetsAt} <= now()`;
      const [row] = await db
        .insert(rateLimitCounters)
        .values({
          key,
          hits: 1,
          resetsAt: sql`now() + ${windowMs}::double precision * interval '1 millisecond'`,
        })
        .onConflictDoUpdate({
          target: rateLimitCounters.key,
          set: {
            hits: sql`case when ${ended} then 1 else ${rateLimitCounters.hits} + 1 end`,
            resetsAt: sql`case when ${ended} then excluded.resets_at else ${rateLimitCounters.resetsAt} end`,
          },
        })
        .returning({
          hits: rateLimitCounters.hits,
          resetsInMs:
            sql<number>`greatest(0, ceil(extract(epoch from ${rateLimitCounters.resetsAt} - now()) * 1000))::int`.mapWith(
              Number,
            ),
        });
      if (!row) throw new Error('rate limit upsert returned no row');
      const now = Date.now();
      if (now - lastSweep >= SWEEP_INTERVAL_MS) {
        lastSweep = now;
        sweeping = sweep().catch((error: unknown) => {
          log.warn({ err: error }, 'rate limits: sweeping ended windows failed');
        });
      }
      return row;
    },
    async close() {
      await sweeping;
    },
  };
}

/**
 * INCR, and the window's expiry set on its first hit; a key whose expiry is missing gets one, so no key
 * can outlive its window. One script, so atomic.
 */
const REDIS_HIT_SCRIPT = `
local hits = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {hits, ttl}
`;

function isCount(value: unknown): value is [number, number] {
  return (
    Array.isArray(value) && value.length === 2 && typeof value[0] === 'number' && typeof value[1] === 'number'
  );
}

/** Counters in Redis under `keyPrefix` (lib/shared-redis.ts); Redis expires ended windows itself. */
export async function redisCounters(
  url: string,
  keyPrefix: string,
  log: FastifyBaseLogger,
  health?: SharedRedisHealth,
): Promise<RateLimitCounters> {
  const redis = await connectSharedRedis(url, keyPrefix, log, 'rate limits', health);
  return {
    async hit(key, windowMs) {
      const result = await redis.eval(REDIS_HIT_SCRIPT, 1, key, windowMs);
      if (!isCount(result)) throw new Error('rate limit script answered an unexpected value');
      return { hits: result[0], resetsInMs: result[1] };
    },
    async close() {
      redis.disconnect();
    },
  };
}

/** Fixed-window counters of this instance alone, bounded to the most recently used keys. */
export function localCounters(maxKeys = 10_000): RateLimitCounters {
  const windows = new LRUCache<string, { hits: number; resetsAt: number }>({ max: maxKeys });
  return {
    async hit(key, windowMs) {
      const now = Date.now();
      const current = windows.get(key);
      const window =
        current && current.resetsAt > now
          ? { hits: current.hits + 1, resetsAt: current.resetsAt }
          : { hits: 1, resetsAt: now + windowMs };
      windows.set(key, window);
      return { hits: window.hits, resetsInMs: window.resetsAt - now };
    },
    async close() {
      windows.clear();
    },
  };
}

/**
 * `shared`, and the counters of this instance whenever it fails (the database or Redis down or slow). The
 * limits fail open to the instance's own counts, with a logged warning: writes keep working through an
 * outage of the store (refusing them all would turn a Redis outage into a portal outage), and one instance
 * still bounds what one user sends to it.
 */
export function withLocalFallback(shared: RateLimitCounters, log: FastifyBaseLogger): RateLimitCounters {
  return withFallback(
    shared,
    localCounters(),
    log,
    'rate limits: the shared counters failed; counting on this instance until they answer',
  );
}

/**
 * Redis's counters, and the database's whenever Redis fails (down, or slower than its command timeout): the
 * counts stay shared by every instance through a Redis outage. A window begun in one store is not carried to
 * the other, so a switch may let a key's count start again once.
 */
export function withDatabaseFallback(
  redis: RateLimitCounters,
  database: RateLimitCounters,
  log: FastifyBaseLogger,
): RateLimitCounters {
  return withFallback(
    redis,
    database,
    log,
    'rate limits: Redis failed; counting in the database until it answers',
  );
}

/** `primary`, and `fallback` for each hit it fails, with a warning (at most one a minute). */
function withFallback(
  primary: RateLimitCounters,
  fallback: RateLimitCounters,
  log: FastifyBaseLogger,
  message: string,
): RateLimitCounters {
  const warn = throttledWarning(log);
  return {
    async hit(key, windowMs) {
      try {
        return await primary.hit(key, windowMs);
      } catch (error) {
        warn(error, message);
        return fallback.hit(key, windowMs);
      }
    },
    async close() {
      await Promise.all([primary.close(), fallback.close()]);
    },
  };
}
