import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/**
 * The Redis connection of a store that every instance shares (rate-limit counters, live stream places) when
 * REDIS_URL is set. Commands fail at once while the connection is down (no offline queue) and after
 * REDIS_COMMAND_TIMEOUT_MS when Redis hangs, so a Redis outage costs a request no more than that; the client
 * reconnects on its own, and its caller falls back to counting in the database meanwhile (still shared by every
 * instance), and on this instance alone if the database fails too.
 */

/** Longest a Redis command may take before the shared store is given up on for that call. */
const REDIS_COMMAND_TIMEOUT_MS = 1000;

/** One warning a minute at most: a store that is down fails every call, and the log should not. */
export function throttledWarning(log: FastifyBaseLogger): (error: unknown, message: string) => void {
  let last = 0;
  return (error, message) => {
    const now = Date.now();
    if (now - last < 60_000) return;
    last = now;
    log.warn({ err: error }, message);
  };
}

/** What `/readyz` says of Redis: `off` without REDIS_URL, `degraded` while a store's connection is down. */
export type SharedRedisState = 'off' | 'ok' | 'degraded';

/** The shared stores' Redis connections, watched for `/readyz` (the app's `sharedRedis`). */
export interface SharedRedisHealth {
  state(): SharedRedisState;
  watch(redis: Redis): void;
}

export function sharedRedisHealth(): SharedRedisHealth {
  const connections = new Set<Redis>();
  return {
    state() {
      if (connections.size === 0) return 'off';
      return [...connections].every((redis) => redis.status === 'ready') ? 'ok' : 'degraded';
    },
    watch(redis) {
      connections.add(redis);
    },
  };
}

/**
 * Connects to Redis with every key under `keyPrefix`; `what` names the store in log lines. The connection's
 * loss and return are logged once each (a warning and an info line), so the log says when the store counted
 * in the database instead.
 */
export async function connectSharedRedis(
  url: string,
  keyPrefix: string,
  log: FastifyBaseLogger,
  what: string,
  health?: SharedRedisHealth,
): Promise<Redis> {
  const redis = new Redis(url, {
    keyPrefix,
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    connectTimeout: 2000,
  });
  const warn = throttledWarning(log);
  // Without a listener ioredis prints every failed reconnection to stderr.
  redis.on('error', (error: Error) => warn(error, `${what}: Redis connection failed`));
  let lost = false;
  // 'reconnecting' comes only after a connection the client did not close itself (not at shutdown).
  redis.on('reconnecting', () => {
    if (lost) return;
    lost = true;
    log.warn(`${what}: Redis connection lost; counting in the database until it answers`);
  });
  redis.on('ready', () => {
    if (!lost) return;
    lost = false;
    log.info(`${what}: Redis answers again; counting in Redis`);
  });
  health?.watch(redis);
  try {
    await redis.connect();
  } catch (error) {
    // The portal starts without Redis; the store counts in the database until Redis answers.
    lost = true;
    log.warn(
      { err: error },
      `${what}: Redis is not reachable at start; counting in the database until it answers`,
    );
  }
  return redis;
}
