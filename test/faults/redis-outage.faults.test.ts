import { count, eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../src/common/api-paths.js';
import { eventStreamPlaces, rateLimitCounters } from '../../src/server/db/schema/index.js';
import { openEventStream, type EventStreamReader } from '../support/event-stream.js';
import { startLoad, summarize, waitUntil } from './support/load-loop.js';
import { startPostgresCluster, type PostgresCluster } from './support/postgres-cluster.js';
import { startRedisServer, type RedisServer } from './support/redis-server.js';
import {
  customerLoad,
  faultDatabase,
  removeServerBundle,
  startPortal,
  type FaultDatabase,
  type Portal,
} from './support/portal.js';

/**
 * Redis (REDIS_URL, a private redis-server on 5091) killed under a steady load of a signed-in customer's reads
 * and ticket creations, then started again, with one portal (5011) on a private PostgreSQL cluster (5090): the
 * portal goes on serving every request, counts its rate limits and live stream places in the database meanwhile
 * (rows appear there, and the per-user stream cap still holds), and says so in its log and in /readyz; once
 * Redis is back it counts there again.
 */

const PG_PORT = 5090;
const REDIS_PORT = 5091;
const PORTAL_PORT = 5011;
const ANSWER_WITHIN_MS = 12_000;
const STREAMS_PER_USER = 2;
const KEY_PREFIX = 'portal-faults:';

let cluster: PostgresCluster;
let redis: RedisServer;
let database: FaultDatabase;
let portal: Portal;
const streams: EventStreamReader[] = [];

beforeAll(async () => {
  cluster = await startPostgresCluster(PG_PORT);
  redis = await startRedisServer(REDIS_PORT);
  database = await faultDatabase(cluster.url);
  portal = await startPortal('portal (:5011)', PORTAL_PORT, {
    DATABASE_URL: database.url,
    REDIS_URL: redis.url,
    REDIS_KEY_PREFIX: KEY_PREFIX,
    STREAMS_PER_USER: String(STREAMS_PER_USER),
  });
}, 120_000);

afterAll(async () => {
  for (const stream of streams) stream.close();
  await portal?.stop();
  await redis?.stop();
  await database?.own.close();
  await cluster?.destroy();
  await removeServerBundle();
}, 60_000);

interface Readiness {
  status: string;
  redis?: string;
  detail?: string;
}
async function readiness(): Promise<{ code: number; body: Readiness }> {
  const res = await fetch(`${portal.url}${apiPaths.system.ready}`, { signal: AbortSignal.timeout(5000) });
  return { code: res.status, body: (await res.json()) as Readiness };
}

const countersInDatabase = async (): Promise<number> =>
  (await database.own.database.db.select({ rows: count() }).from(rateLimitCounters))[0]?.rows ?? 0;

async function keysInRedis(): Promise<number> {
  const client = new Redis(redis.url, { maxRetriesPerRequest: 1 });
  try {
    return (await client.keys(`${KEY_PREFIX}*`)).length;
  } finally {
    client.disconnect();
  }
}

async function openStream(): Promise<EventStreamReader> {
  const stream = await openEventStream(`${portal.url}${apiPaths.tickets.events}`, {
    cookie: database.cookie,
  });
  streams.push(stream);
  return stream;
}

describe('Redis stopped under load', () => {
  it('the portal serves on, counting in the database, says so in its log and /readyz, and goes back to Redis', async () => {
    expect(await readiness()).toEqual({ code: 200, body: { status: 'ok', redis: 'ok' } });
    const load = startLoad(customerLoad(portal.url, database.cookie), {
      deadlineMs: ANSWER_WITHIN_MS,
      pauseMs: 50,
      workersPerRequest: 2,
    });
    await new Promise((resolve) => setTimeout(resolve, 3000));
    // Redis counts: nothing in the database's table yet.
    expect(await keysInRedis()).toBeGreaterThan(0);
    expect(await countersInDatabase()).toBe(0);

    const stoppedAt = load.now();
    await redis.stop();
    const degradedAfterMs = await waitUntil(
      '/readyz says Redis is degraded',
      async () => (await readiness()).body.redis === 'degraded',
      10_000,
    );
    const down = await readiness();
    expect(down.code).toBe(200);
    expect(down.body.detail).toMatch(/count in the database/);
    await portal.child.waitForLine(
      (line) => line.includes('Redis connection lost; counting in the database'),
      5000,
    );

    // The rate limits count in the database now (shared by every instance), not on this instance alone.
    await waitUntil('counters in the database', async () => (await countersInDatabase()) > 0, 5000);
    // And the live stream places: the per-user cap holds, counted in the database's table.
    const opened = [await openStream(), await openStream()];
    expect(opened.map((stream) => stream.status)).toEqual([200, 200]);
    const user = await database.own.database.db
      .select({ places: count() })
      .from(eventStreamPlaces)
      .where(eq(eventStreamPlaces.userId, database.userId));
    expect(user[0]?.places).toBe(STREAMS_PER_USER);
    expect((await openStream()).status).toBe(429);
    await new Promise((resolve) => setTimeout(resolve, 3000));

    const startedAt = load.now();
    await redis.start();
    const backAfterMs = await waitUntil(
      '/readyz says Redis is ok',
      async () => (await readiness()).body.redis === 'ok',
      15_000,
    );
    await portal.child.waitForLine((line) => line.includes('Redis answers again'), 5000);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const outcomes = await load.stop();
    // Counting in Redis again: it started empty (in memory only), and the load's writes put their keys back.
    expect(await keysInRedis()).toBeGreaterThan(0);

    const during = outcomes.filter((outcome) => outcome.at >= stoppedAt && outcome.at < startedAt);
    const figures = {
      all: summarize(outcomes),
      duringOutage: summarize(during),
      redisDownMs: Math.round(startedAt - stoppedAt),
      readyzDegradedAfterMs: Math.round(degradedAfterMs),
      readyzOkAfterStartMs: Math.round(backAfterMs),
    };
    console.log(`redis outage: ${JSON.stringify(figures)}`);
    expect(during.length).toBeGreaterThan(0);
    const failed = outcomes.filter((outcome) => outcome.status < 200 || outcome.status >= 300);
    expect(
      failed.map(
        (outcome) => `${outcome.name} ${outcome.status} ${outcome.error ?? outcome.body.slice(0, 200)}`,
      ),
    ).toEqual([]);
    expect(figures.all.slowestMs).toBeLessThan(ANSWER_WITHIN_MS);
  }, 120_000);
});
