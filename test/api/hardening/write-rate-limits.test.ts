import { randomBytes } from 'node:crypto';
import { count, eq, like } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { Redis } from 'ioredis';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../../src/common/api-paths.js';
import { noticeItemSchema } from '../../../src/common/contracts/notices.js';
import type { App } from '../../../src/server/app.js';
import { storedObjects } from '../../../src/server/connectors/storage/builtin/schema.js';
import { downloadRecords, rateLimitCounters } from '../../../src/server/db/schema/index.js';
import { databaseCounters } from '../../../src/server/lib/rate-limit-counters.js';
import { callerOf, postAs, refusal, type Caller } from '../../support/callers.js';
import { nonUsRequest, syncDemoDownloads } from '../../support/downloads.js';
import { SAME_ORIGIN } from '../../support/http.js';
import { noticeBody } from '../../support/notices.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';
import { customerOf, openTicket, ticketBody, ticketPath } from '../../support/tickets.js';
import { useResource, useTestApp } from '../../support/use-test-app.js';

/**
 * Writes are limited per signed-in user, with counts every instance shares (in the database, or in Redis
 * with REDIS_URL): a burst of P1 tickets cannot page the on-call list over and over, nor a burst of replies,
 * uploads, download links or notice changes go through. A refusal is a 429 with Retry-After and a sentence
 * that says what was limited and how long to wait; another user keeps their own count.
 */

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Asserts a 429 with Retry-After within `windowSeconds` and answers its message. */
function limited(res: LightMyRequestResponse, windowSeconds: number): string {
  const message = refusal(res, 429);
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
  return message;
}

const P1 = ticketBody({ priority: 'P1', type: 'Production outage', subject: 'Gateway down' });

describe.each([
  { store: 'the database', env: {} as Record<string, string> },
  {
    store: 'Redis',
    // A prefix of this run's own: parallel runs never count each other's hits, and only its keys are deleted.
    env: { REDIS_URL, REDIS_KEY_PREFIX: `portal-test-${randomBytes(6).toString('hex')}:` },
  },
])('P1 tickets on two instances counting in $store', ({ env }) => {
  const instances = useResource(
    async () => {
      const first = await createTestApp({ seed: false, env });
      try {
        const second = await createTestApp({ seed: false, env, sharedDatabase: first.database });
        return { first, second };
      } catch (error) {
        await first.close();
        throw error;
      }
    },
    async ({ first, second }) => {
      await second.close();
      await first.close();
    },
  );
  const redis = env.REDIS_URL ? new Redis(env.REDIS_URL, { lazyConnect: true }) : undefined;
  const redisKeys = async () => (redis && env.REDIS_KEY_PREFIX ? redis.keys(`${env.REDIS_KEY_PREFIX}*`) : []);
  afterAll(async () => {
    if (!redis) return;
    const keys = await redisKeys();
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
  });

  it('the sixth P1 in a minute is a 429 with Retry-After and a sentence, wherever it lands; others still open', async () => {
    const { first, second } = instances;
    const customer = await customerOf(first.app);
    const apps = [first.app, second.app];
    const open = (app: App, caller: Caller, body = P1) => postAs(app, caller, apiPaths.tickets.tickets, body);
    for (let n = 0; n < 5; n += 1) {
      const res = await open(apps[n % 2] ?? first.app, customer);
      expect(res.statusCode, res.body).toBe(201);
    }
    const sixth = await open(second.app, customer);
    expect(limited(sixth, 3600)).toMatch(
      /^You have opened 5 P1 tickets in the last hour\. Please wait \d+ minutes? before opening another P1, or add what is new to a P1 ticket you have open\.$/,
    );
    expect(limited(await open(first.app, customer), 3600)).toMatch(/5 P1 tickets/);
    // Only P1s are held back: the customer can still open a P2 (six tickets so far, under ten a minute).
    expect((await open(first.app, customer, ticketBody({ priority: 'P2' }))).statusCode).toBe(201);
    // Another customer has a count of their own.
    expect((await open(second.app, await customerOf(first.app))).statusCode).toBe(201);

    const counted = await first.database.db
      .select({ hits: rateLimitCounters.hits })
      .from(rateLimitCounters)
      .where(eq(rateLimitCounters.key, `p1-tickets:user:${customer.id}`));
    if (redis) {
      // Counted in Redis under the prefix, not in the database.
      expect(counted).toEqual([]);
      expect(await redisKeys()).toContain(`${env.REDIS_KEY_PREFIX}rate-limit:p1-tickets:user:${customer.id}`);
    } else {
      expect(counted).toEqual([{ hits: 7 }]);
    }
  });

  it('ten P1s sent at once to both instances: exactly five are opened', async () => {
    const { first, second } = instances;
    const customer = await customerOf(first.app);
    const burst = await Promise.all(
      Array.from({ length: 10 }, (_, n) =>
        postAs(n % 2 === 0 ? first.app : second.app, customer, apiPaths.tickets.tickets, P1),
      ),
    );
    expect(burst.map((res) => res.statusCode).sort()).toEqual([
      201, 201, 201, 201, 201, 429, 429, 429, 429, 429,
    ]);
  });
});

describe('each write past its limit', () => {
  const t = useTestApp({
    seed: false,
    env: {
      RATE_LIMIT_TICKETS_PER_MINUTE: '3',
      RATE_LIMIT_COMMENTS_PER_MINUTE: '3',
      RATE_LIMIT_ATTACHMENTS_PER_MINUTE: '2',
      RATE_LIMIT_DOWNLOADS_PER_MINUTE: '2',
      RATE_LIMIT_NOTICE_WRITES_PER_MINUTE: '2',
    },
  });
  let agent: Caller;
  beforeAll(async () => {
    agent = await callerOf(t.app, 'agent');
  });

  it('ticket creation: the fourth ticket in a minute, whatever its priority; not for another customer', async () => {
    const customer = await customerOf(t.app);
    for (let n = 0; n < 3; n += 1) await openTicket(t.app, customer, { priority: 'P3' });
    const fourth = await postAs(t.app, customer, apiPaths.tickets.tickets, ticketBody({ priority: 'P2' }));
    expect(limited(fourth, 60)).toMatch(
      /^You have opened 3 tickets in the last minute\. Please wait (?:\d+ seconds?|1 minute) before opening another\.$/,
    );
    await openTicket(t.app, await customerOf(t.app));
  });

  it('replies and internal notes: the fourth in a minute; the agent on the same ticket is not held back', async () => {
    const customer = await customerOf(t.app);
    const ticket = await openTicket(t.app, customer);
    const reply = (caller: Caller, body: object) =>
      postAs(t.app, caller, ticketPath(ticket.id, apiPaths.tickets.comments), body);
    for (let n = 0; n < 3; n += 1)
      expect((await reply(customer, { body: `update ${n}` })).statusCode).toBe(201);
    expect(limited(await reply(customer, { body: 'update 3' }), 60)).toMatch(
      /^You have sent 3 replies and notes in the last minute\. Please wait (?:\d+ seconds?|1 minute) before sending another\.$/,
    );
    expect((await reply(agent, { body: 'Looking into it', internal: true })).statusCode).toBe(201);
  });

  it('attachments: the third in a minute, refused before the file is read or stored', async () => {
    const customer = await customerOf(t.app);
    const ticket = await openTicket(t.app, customer);
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    const upload = (caller: Caller, name: string) =>
      t.app.inject({
        method: 'POST',
        url: `${ticketPath(ticket.id, apiPaths.tickets.attachments)}?name=${name}`,
        headers: { ...SAME_ORIGIN, ...caller.headers, 'content-type': 'application/octet-stream' },
        payload: png,
      });
    const stored = async () =>
      (
        await t.app.db
          .select({ value: count() })
          .from(storedObjects)
          .where(like(storedObjects.key, 'attachments/%'))
      )[0]?.value;
    for (const name of ['one.png', 'two.png']) expect((await upload(customer, name)).statusCode).toBe(201);
    const before = await stored();
    expect(limited(await upload(customer, 'three.png'), 60)).toMatch(
      /^You have attached 2 files in the last minute\. Please wait (?:\d+ seconds?|1 minute) before attaching another\.$/,
    );
    expect(await stored()).toBe(before);
    expect((await upload(agent, 'agent.png')).statusCode).toBe(201);
  });

  it('download links: the third in a minute, with no compliance record for it', async () => {
    await syncDemoDownloads(t.app);
    const imageName = t.app.downloads.catalogue.images[0]?.fileName ?? '';
    const customer = await callerOf(t.app, 'customer');
    const link = (caller: Caller) =>
      postAs(t.app, caller, apiPaths.downloads.download, nonUsRequest(imageName));
    const records = async () => (await t.app.db.select({ value: count() }).from(downloadRecords))[0]?.value;
    for (let n = 0; n < 2; n += 1) expect((await link(customer)).statusCode).toBe(200);
    const before = await records();
    expect(limited(await link(customer), 60)).toMatch(
      /^You have requested 2 downloads in the last minute\. Please wait (?:\d+ seconds?|1 minute) before requesting another\.$/,
    );
    expect(await records()).toBe(before);
    // The listings are reads the wizard repeats: not counted.
    expect((await postAs(t.app, customer, apiPaths.downloads.listImageFiles, {})).statusCode).toBe(200);
    expect((await link(await callerOf(t.app, 'customer'))).statusCode).toBe(200);
  });

  it('notice writes: creates, updates and deletes share one count; another admin is not held back', async () => {
    const admin = await callerOf(t.app, 'admin');
    const created = await postAs(t.app, admin, apiPaths.notices.notice, noticeBody());
    expect(created.statusCode, created.body).toBe(201);
    const { Notice_ID } = noticeItemSchema.parse(created.json()).Item;
    const updated = await postAs(t.app, admin, apiPaths.notices.notice, noticeBody({ Notice_ID }));
    expect(updated.statusCode, updated.body).toBe(200);
    const deleted = await postAs(t.app, admin, apiPaths.notices.deleteNotice, { Notice_ID });
    expect(limited(deleted, 60)).toMatch(
      /^You have saved, deleted or restored 2 notices in the last minute\. Please wait (?:\d+ seconds?|1 minute) before changing another\.$/,
    );
    const other = await callerOf(t.app, 'admin');
    expect((await postAs(t.app, other, apiPaths.notices.deleteNotice, { Notice_ID })).statusCode).toBe(200);
  });
});

describe('when the shared counters fail, writes still go through and each instance counts alone', () => {
  /** A test app whose log lines are kept. */
  async function loggedApp(env: Record<string, string>): Promise<TestApp & { lines: string[] }> {
    const lines: string[] = [];
    const logger = pino({ level: 'warn' }, { write: (line: string) => void lines.push(line) });
    return { ...(await createTestApp({ seed: false, logger, env })), lines };
  }

  it('the database table is unusable: a logged warning, and the limit still holds on this instance', async () => {
    const t = await loggedApp({ RATE_LIMIT_TICKETS_PER_MINUTE: '2' });
    try {
      await t.database.db.execute('alter table rate_limit_counters rename to rate_limit_counters_gone');
      const customer = await customerOf(t.app);
      await openTicket(t.app, customer);
      await openTicket(t.app, customer);
      limited(await postAs(t.app, customer, apiPaths.tickets.tickets, ticketBody()), 60);
      expect(t.lines.filter((line) => line.includes('the shared counters failed'))).toHaveLength(1);
    } finally {
      await t.close();
    }
  });

  it('Redis is unreachable: the portal starts and takes writes, counting them in the database, with a logged warning', async () => {
    const t = await loggedApp({
      REDIS_URL: 'redis://127.0.0.1:1',
      REDIS_KEY_PREFIX: 'unreachable:',
      RATE_LIMIT_TICKETS_PER_MINUTE: '2',
    });
    try {
      expect(t.lines.some((line) => line.includes('Redis is not reachable at start'))).toBe(true);
      const customer = await customerOf(t.app);
      await openTicket(t.app, customer, { priority: 'P1', type: 'Production outage' });
      await openTicket(t.app, customer);
      expect(t.lines.some((line) => line.includes('Redis failed; counting in the database'))).toBe(true);
      expect(t.lines.some((line) => line.includes('the shared counters failed'))).toBe(false);
      // The count is the database's, which every instance shares: the limit holds across instances.
      const [row] = await t.database.db.select({ rows: count() }).from(rateLimitCounters);
      expect(row?.rows).toBeGreaterThan(0);
      limited(await postAs(t.app, customer, apiPaths.tickets.tickets, ticketBody()), 60);
    } finally {
      await t.close();
    }
  });
});

describe('the database counters', () => {
  const t = useTestApp({ seed: false, accounts: false });

  it('restart a window that has ended, and sweep ended windows now and then', async () => {
    const db = t.database.db;
    const past = new Date(Date.now() - 60_000);
    await db.insert(rateLimitCounters).values([
      { key: 'test:ended', hits: 99, resetsAt: past },
      { key: 'test:other-ended', hits: 5, resetsAt: past },
    ]);
    const counters = databaseCounters(db, t.app.log);
    expect(await counters.hit('test:ended', 60_000)).toMatchObject({ hits: 1 });
    const second = await counters.hit('test:ended', 60_000);
    expect(second.hits).toBe(2);
    expect(second.resetsInMs).toBeGreaterThan(55_000);
    expect(second.resetsInMs).toBeLessThanOrEqual(60_000);
    // The first hit swept in the background; close waits for it.
    await counters.close();
    const keys = (await db.select({ key: rateLimitCounters.key }).from(rateLimitCounters)).map(
      (row) => row.key,
    );
    expect(keys).toEqual(['test:ended']);
  });
});
