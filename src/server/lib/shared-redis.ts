import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/**
 * The Redis connection of a store that every instance shares (rate-limit counters, live stream places) when
 * REDIS_URL is set. Commands fail at once while the connection is down (no offline queue) and after
 * REDIS_COMMAND_TIMEOUT_MS when Redis hangs, so a Redis outage costs a request no more than that; the client
 * reconnects on its own, and its caller falls back to counting on this instance meanwhile.
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

/** Connects to Redis with every key under `keyPrefix`; `what` names the store in log lines. */
export async function connectSharedRedis(
  url: string,
  keyPrefix: string,
  log: FastifyBaseLogger,
  what: string,
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
  try {
    await redis.connect();
  } catch (error) {
    // The portal starts without Redis; the store counts on this instance until Redis answers.
    log.warn({ err: error }, `${what}: Redis is not reachable at start`);
  }
  return redis;
}
