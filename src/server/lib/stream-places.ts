import { and, count, eq, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.js';
import { eventStreamPlaces } from '../db/schema/index.js';
import { connectSharedRedis, throttledWarning, type SharedRedisHealth } from './shared-redis.js';

/**
 * Where each user's open live event streams are counted for STREAMS_PER_USER (lib/event-stream.ts): on every
 * instance together, in the database by default and in Redis when REDIS_URL is set, as the rate limits are. A
 * place is taken before a stream opens and given back when it closes; a place whose instance died runs out
 * after `ttlMs` (a stream's longest life and a margin), so a crash never holds a user's places for long.
 */
export interface StreamPlaces {
  /** Takes place `placeId` for `userId` unless the user holds `limit` places already; answers whether it did. */
  take(userId: string, placeId: string, limit: number): Promise<boolean>;
  /** Gives a place back (a place already gone is fine). */
  release(userId: string, placeId: string): Promise<void>;
  close(): Promise<void>;
}

/** How often an instance deletes the places of instances that died, at most. */
const SWEEP_INTERVAL_MS = 60_000;

/**
 * Places in `event_stream_places`. A user's count and the new row are one transaction under a lock of that user
 * (an advisory lock), so two instances taking the last place at once cannot both get it.
 */
export function databasePlaces(db: Database, ttlMs: number, log: FastifyBaseLogger): StreamPlaces {
  let lastSweep = 0;
  const sweep = (): void => {
    const now = Date.now();
    if (now - lastSweep < SWEEP_INTERVAL_MS) return;
    lastSweep = now;
    db.delete(eventStreamPlaces)
      .where(lt(eventStreamPlaces.expiresAt, sql`now()`))
      .catch((error: unknown) => log.warn({ err: error }, 'stream places: sweeping ended places failed'));
  };
  return {
    async take(userId, placeId, limit) {
      const taken = await db.transaction(async (tx) => {
        await tx.execute(
          sql`select pg_advisory_xact_lock(hashtextextended(${`stream-places:${userId}`}, 0))`,
        );
        const [held] = await tx
          .select({ places: count() })
          .from(eventStreamPlaces)
          .where(and(eq(eventStreamPlaces.userId, userId), sql`${eventStreamPlaces.expiresAt} > now()`));
        if ((held?.places ?? 0) >= limit) return false;
        await tx.insert(eventStreamPlaces).values({
          id: placeId,
          userId,
          expiresAt: sql`now() + ${ttlMs}::double precision * interval '1 millisecond'`,
        });
        return true;
      });
      sweep();
      return taken;
    },
    async release(_userId, placeId) {
      await db.delete(eventStreamPlaces).where(eq(eventStreamPlaces.id, placeId));
    },
    async close() {},
  };
}

/**
 * A sorted set per user, its members the places and their scores the times they run out (Redis's clock):
 * the ended ones dropped, the rest counted and the new one added in one script, so atomic.
 */
const REDIS_TAKE_SCRIPT = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then
  return 0
end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[3]), ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return 1
`;

/** Places in Redis under `keyPrefix` (lib/shared-redis.ts). */
export async function redisPlaces(
  url: string,
  keyPrefix: string,
  ttlMs: number,
  log: FastifyBaseLogger,
  health?: SharedRedisHealth,
): Promise<StreamPlaces> {
  const redis = await connectSharedRedis(url, keyPrefix, log, 'stream places', health);
  return {
    async take(userId, placeId, limit) {
      return (await redis.eval(REDIS_TAKE_SCRIPT, 1, userId, placeId, limit, ttlMs)) === 1;
    },
    async release(userId, placeId) {
      await redis.zrem(userId, placeId);
    },
    async close() {
      redis.disconnect();
    },
  };
}

/** The places of this instance alone. */
export function localPlaces(): StreamPlaces {
  const byUser = new Map<string, Set<string>>();
  return {
    async take(userId, placeId, limit) {
      const places = byUser.get(userId) ?? new Set<string>();
      if (places.size >= limit) return false;
      places.add(placeId);
      byUser.set(userId, places);
      return true;
    },
    async release(userId, placeId) {
      const places = byUser.get(userId);
      places?.delete(placeId);
      if (places?.size === 0) byUser.delete(userId);
    },
    async close() {
      byUser.clear();
    },
  };
}

/**
 * `shared`, and this instance's own count whenever it fails (as the rate limits fail open, with a logged
 * warning: a store outage must not close every live page). A place is given back to the store that gave it.
 */
export function withLocalPlaces(shared: StreamPlaces, log: FastifyBaseLogger): StreamPlaces {
  return withFallbackPlaces(
    shared,
    localPlaces(),
    log,
    'stream places: the shared store failed; counting on this instance until it answers',
  );
}

/**
 * `primary`, and `fallback` for each place it fails to give (Redis down: the database, still shared by every
 * instance). A place is given back to the store that gave it.
 */
export function withFallbackPlaces(
  primary: StreamPlaces,
  fallback: StreamPlaces,
  log: FastifyBaseLogger,
  message: string,
): StreamPlaces {
  const heldInFallback = new Set<string>();
  const warn = throttledWarning(log);
  return {
    async take(userId, placeId, limit) {
      try {
        return await primary.take(userId, placeId, limit);
      } catch (error) {
        warn(error, message);
        const taken = await fallback.take(userId, placeId, limit);
        if (taken) heldInFallback.add(placeId);
        return taken;
      }
    },
    async release(userId, placeId) {
      try {
        if (heldInFallback.delete(placeId)) await fallback.release(userId, placeId);
        else await primary.release(userId, placeId);
      } catch (error) {
        // The place runs out on its own.
        warn(error, 'stream places: a place could not be given back; it runs out on its own');
      }
    },
    async close() {
      await Promise.all([primary.close(), fallback.close()]);
    },
  };
}

/**
 * The places every instance shares: in Redis with REDIS_URL (under its prefix; in the database while Redis
 * fails), else in the database.
 */
export async function openStreamPlaces(options: {
  redisUrl: string | undefined;
  redisKeyPrefix: string;
  db: Database;
  ttlMs: number;
  log: FastifyBaseLogger;
  redisHealth?: SharedRedisHealth;
}): Promise<StreamPlaces> {
  const { redisUrl, redisKeyPrefix, db, ttlMs, log } = options;
  const inDatabase = databasePlaces(db, ttlMs, log);
  const shared = redisUrl
    ? withFallbackPlaces(
        await redisPlaces(redisUrl, `${redisKeyPrefix}stream-places:`, ttlMs, log, options.redisHealth),
        inDatabase,
        log,
        'stream places: Redis failed; counting in the database until it answers',
      )
    : inDatabase;
  return withLocalPlaces(shared, log);
}
