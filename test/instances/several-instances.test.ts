import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../src/common/api-paths.js';
import { contentSyncState, eventStreamPlaces, rateLimitCounters } from '../../src/server/db/schema/index.js';
import { startForumbeeFake, type ForumbeeFake } from '../fakes/forumbee/index.js';
import { createAdmin, createAgent, createCustomer, sessionCookie } from '../support/factories.js';
import { openEventStream, type EventStreamReader } from '../support/event-stream.js';
import { noticeBody } from '../support/notices.js';
import { startSmtpSink, type SmtpSink } from '../support/peers/smtp-sink.js';
import { createTestApp, FIXTURE_CONTENT_DIR, type TestApp } from '../support/test-app.js';
import { ticketBody, ticketPath } from '../support/tickets.js';
import {
  buildServerBundle,
  nginxBinary,
  NGINX_MISSING,
  startInstance,
  startNginx,
  type Child,
  type Nginx,
} from './cluster.js';

/**
 * Two portal instances (real processes, from the sources) on one PostgreSQL database of their own, behind
 * Debian's nginx in round robin, every call made through nginx: what one instance does, the other knows. Run
 * twice: with the shared state in the database, and with the rate limits in Redis (REDIS_URL).
 *
 * Each answer names the instance that gave it (nginx's `x-upstream`); nginx's round robin alternates, so a
 * test steers its next call to an instance by sending a health check first when needed, and then asserts
 * where the call went.
 *
 * Needs TEST_DATABASE_URL (the server the database is made on, dropped after), nginx, and for the second run a
 * Redis server (TEST_REDIS_URL, default redis://127.0.0.1:6379). Ports 5160 to 5179.
 */

const serverUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
if (!serverUrl) {
  console.log('several instances behind nginx: skipped, TEST_DATABASE_URL is unset (they need PostgreSQL)');
}

const SMTP_PORT = 5179;
/** A live notice must reach a page connected to the other instance within this. */
const NOTICE_WITHIN_MS = 1000;
const TICKET_WITHIN_MS = 2000;
/** The limits the instances run with: small, so a test reaches them in a few calls. */
const LIMITS = {
  RATE_LIMIT_NOTICE_WRITES_PER_MINUTE: 4,
  RATE_LIMIT_AUTH_PER_MINUTE: 6,
  SIGN_IN_CODES_PER_ADDRESS: 3,
  STREAMS_PER_USER: 2,
} as const;

interface Mode {
  name: string;
  /** nginx's port; the two instances take the next two, the Forumbee fake the one after. */
  port: number;
  redis: boolean;
}

const modes: Mode[] = [
  { name: 'shared through the database', port: 5160, redis: false },
  { name: 'shared through Redis (REDIS_URL)', port: 5170, redis: true },
];

let sink: SmtpSink;
let bundle: Awaited<ReturnType<typeof buildServerBundle>> | undefined;

beforeAll(async () => {
  if (!serverUrl) return;
  if (!nginxBinary()) throw new Error(NGINX_MISSING);
  sink = await startSmtpSink({ port: SMTP_PORT });
  bundle = await buildServerBundle();
}, 60_000);

afterAll(async () => {
  await sink?.stop();
  await bundle?.remove();
});

/** A client address of its own per call site, so the per-address limits of one check never touch another's. */
let addresses = 0;
const nextAddress = () => `198.51.100.${(addresses += 1)}`;

interface Answer {
  status: number;
  /** The instance's port that answered. */
  instance: number;
  headers: Headers;
  body: string;
  json<T = unknown>(): T;
}

function serverMain(): string {
  if (!bundle) throw new Error('the server bundle was not built');
  return bundle.main;
}

describe.skipIf(!serverUrl).each(modes)('two instances behind nginx, $name', (mode) => {
  const instancePorts = [mode.port + 1, mode.port + 2] as const;
  const forumbeePort = mode.port + 3;
  const redisPrefix = `portal-instances-test:${randomBytes(4).toString('hex')}:`;
  let own: TestApp;
  let nginx: Nginx;
  let forumbee: ForumbeeFake;
  let dataDir = '';
  const instances: Child[] = [];
  const streams: EventStreamReader[] = [];
  let started = 0;

  beforeAll(async () => {
    started = performance.now();
    if (mode.redis) {
      const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 2000 });
      try {
        await redis.connect();
        await redis.ping();
      } catch (error) {
        throw new Error(
          `Redis does not answer at ${redisUrl} (TEST_REDIS_URL): the several-instances test runs once with ` +
            `it. Start redis-server, as .ci/run does. (${String(error)})`,
        );
      } finally {
        redis.disconnect();
      }
    }
    // The test's own app on a fresh database: it makes the users and reads the tables; the instances share it.
    own = await createTestApp({ seed: false });
    const databaseUrl = own.database.url;
    if (!databaseUrl) throw new Error('expected a PostgreSQL database');
    forumbee = await startForumbeeFake({ port: forumbeePort });
    dataDir = await mkdtemp(path.join(tmpdir(), 'portal-instances-'));
    const publicUrl = `http://127.0.0.1:${mode.port}`;
    const env: Record<string, string> = {
      NODE_ENV: 'test',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      DEMO_DATA: 'false',
      CONTENT_DIR: FIXTURE_CONTENT_DIR,
      PUBLIC_URL: publicUrl,
      TRUST_PROXY: '127.0.0.1',
      SMTP_URL: sink.url,
      CHAT_JWT_SECRET: randomBytes(24).toString('hex'),
      FORUMBEE_URL: forumbee.url,
      LOG_LEVEL: 'info',
      ...Object.fromEntries(Object.entries(LIMITS).map(([name, value]) => [name, String(value)])),
      ...(mode.redis ? { REDIS_URL: redisUrl, REDIS_KEY_PREFIX: redisPrefix } : {}),
    };
    const [first, second] = await Promise.all(
      instancePorts.map((port, index) =>
        startInstance(serverMain(), `instance ${index + 1} (:${port})`, port, env),
      ),
    );
    if (first) instances.push(first);
    if (second) instances.push(second);
    nginx = await startNginx(mode.port, instancePorts);
  }, 90_000);

  afterAll(async () => {
    for (const stream of streams) stream.close();
    await nginx?.stop();
    await Promise.all(instances.map((instance) => instance.stop()));
    await forumbee?.stop();
    if (mode.redis) {
      const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
      const keys = await redis.keys(`${redisPrefix}*`);
      if (keys.length > 0) await redis.del(...keys);
      redis.disconnect();
    }
    await own?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
    console.log(`several instances, ${mode.name}: ${Math.round(performance.now() - started)} ms in all`);
  }, 30_000);

  const origin = () => nginx.url;

  /** One call through nginx from `address` (a client address nginx passes on in X-Forwarded-For). */
  async function call(
    method: 'GET' | 'POST',
    url: string,
    options: { cookie?: string; body?: unknown; address?: string; headers?: Record<string, string> } = {},
  ): Promise<Answer> {
    const res = await fetch(`${origin()}${url}`, {
      method,
      redirect: 'manual',
      headers: {
        'x-forwarded-for': options.address ?? '198.51.100.250',
        ...(method === 'POST' ? { origin: origin() } : {}),
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(options.cookie ? { cookie: options.cookie } : {}),
        ...options.headers,
      },
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    });
    const body = await res.text();
    return {
      status: res.status,
      instance: instanceOf(res.headers),
      headers: res.headers,
      body,
      json: <T>() => JSON.parse(body) as T,
    };
  }

  function instanceOf(headers: Headers): number {
    const upstream = headers.get('x-upstream') ?? '';
    const port = Number(upstream.slice(upstream.lastIndexOf(':') + 1));
    if (!instancePorts.includes(port as (typeof instancePorts)[number])) {
      throw new Error(`no instance named in x-upstream: '${upstream}'`);
    }
    return port;
  }

  const otherThan = (port: number) => (port === instancePorts[0] ? instancePorts[1] : instancePorts[0]);

  /** Makes nginx's next pick `port`: health checks until the last one went to the other instance. */
  async function steerTo(port: number): Promise<void> {
    for (let tries = 0; tries < 4; tries += 1) {
      const probe = await call('GET', '/healthz');
      if (probe.instance !== port) return;
    }
    throw new Error(`nginx keeps sending every call to ${port}: no round robin`);
  }

  async function streamThrough(port: number, url: string, cookie: string): Promise<EventStreamReader> {
    await steerTo(port);
    const reader = await openEventStream(`${origin()}${url}`, {
      cookie,
      'x-forwarded-for': '198.51.100.251',
    });
    streams.push(reader);
    expect(reader.status).toBe(200);
    expect(instanceOf(reader.headers)).toBe(port);
    await reader.next((event) => event.event === 'ready', 5000);
    return reader;
  }

  const cookieOf = async (user: { id: string }, role: 'customer' | 'agent' | 'admin') =>
    (await sessionCookie(own.app, { ...user, role })).cookie;

  it('signs a customer in through both instances, and the session holds on each', async () => {
    const customer = await createCustomer(own.app);
    const address = nextAddress();
    const jar = new Map<string, string>();
    const cookie = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const seen = new Set<number>();
    const step = async (method: 'GET' | 'POST', url: string, body?: unknown): Promise<Answer> => {
      const answer = await call(method, url, { cookie: cookie(), body, address });
      seen.add(answer.instance);
      for (const line of answer.headers.getSetCookie()) {
        const [pair = ''] = line.split(';');
        const [name = '', value = ''] = pair.split('=');
        if (value === '' || /max-age=0/i.test(line)) jar.delete(name);
        else jar.set(name, value);
      }
      return answer;
    };

    const login = await step('POST', apiPaths.auth.login, { email: customer.email });
    expect(login.status, login.body).toBe(200);
    const init = await step('GET', '/zendeskInitAuth');
    expect(init.status, init.body).toBe(302);
    const authorize = new URL(init.headers.get('location') ?? '', origin());
    expect(authorize.pathname).toBe('/helpdesk/authorize');
    const start = await step(
      'POST',
      apiPaths.helpdesk.authorizeStart,
      Object.fromEntries(authorize.searchParams),
    );
    expect(start.status, start.body).toBe(200);
    const code = await sink.waitForCode(customer.email);
    const verify = await step('POST', apiPaths.helpdesk.authorizeVerify, {
      requestId: start.json<{ requestId: string }>().requestId,
      code,
    });
    expect(verify.status, verify.body).toBe(200);
    const redirect = new URL(verify.json<{ redirect: string }>().redirect, origin());
    const grant = await step('POST', `${apiPaths.helpdesk.authCodeGrant}${redirect.search}`);
    expect(grant.status, grant.body).toBe(200);
    // The flow's steps went to both instances (round robin), and it still ended in a session.
    expect(seen.size).toBe(2);

    for (const port of instancePorts) {
      await steerTo(port);
      const me = await step('GET', apiPaths.helpdesk.me);
      expect(me.instance).toBe(port);
      expect(me.status, me.body).toBe(200);
      expect(me.json<{ user: { email: string } }>().user.email).toBe(customer.email);
    }
  });

  it('brings a notice created through one instance to a stream on the other within 1 s', async () => {
    const admin = await createAdmin(own.app);
    const cookie = await cookieOf(admin, 'admin');
    const [streamPort = 0] = instancePorts;
    const stream = await streamThrough(streamPort, apiPaths.notices.events, cookie);

    await steerTo(otherThan(streamPort));
    const created = await call('POST', apiPaths.notices.notice, {
      cookie,
      body: noticeBody({ title: `Across instances ${mode.port}` }),
    });
    const createdAt = performance.now();
    expect(created.status, created.body).toBe(201);
    expect(created.instance).toBe(otherThan(streamPort));
    const { Item } = created.json<{ Item: { Notice_ID: string } }>();
    await stream.next(
      (event) =>
        event.event === 'notice' &&
        (JSON.parse(event.data) as { noticeId: string }).noticeId === Item.Notice_ID,
      NOTICE_WITHIN_MS,
    );
    expect(performance.now() - createdAt).toBeLessThan(NOTICE_WITHIN_MS);
  });

  it('brings a reply made through one instance to the ticket page connected to the other', async () => {
    const customer = await createCustomer(own.app);
    const agent = await createAgent(own.app);
    const customerCookie = await cookieOf(customer, 'customer');
    const agentCookie = await cookieOf(agent, 'agent');
    const opened = await call('POST', apiPaths.tickets.tickets, {
      cookie: customerCookie,
      body: ticketBody(),
    });
    expect(opened.status, opened.body).toBe(201);
    const ticketId = opened.json<{ ticket: { id: number } }>().ticket.id;

    const [, streamPort = 0] = instancePorts;
    const stream = await streamThrough(streamPort, apiPaths.tickets.events, customerCookie);
    await steerTo(otherThan(streamPort));
    const reply = await call('POST', ticketPath(ticketId, apiPaths.tickets.comments), {
      cookie: agentCookie,
      body: { body: 'Fixed on our side; please check the tunnel again.' },
    });
    expect(reply.status, reply.body).toBe(201);
    expect(reply.instance).toBe(otherThan(streamPort));
    await stream.next(
      (event) =>
        event.event === 'ticket' && (JSON.parse(event.data) as { ticketId: number }).ticketId === ticketId,
      TICKET_WITHIN_MS,
    );
    // And the page's next read, on the stream's instance, has the reply.
    await steerTo(streamPort);
    const page = await call('GET', ticketPath(ticketId), { cookie: customerCookie });
    expect(page.instance).toBe(streamPort);
    expect(page.body).toContain('please check the tunnel again');
  });

  it('counts a rate limit on both instances together', async () => {
    const admin = await createAdmin(own.app);
    const cookie = await cookieOf(admin, 'admin');
    const limit = LIMITS.RATE_LIMIT_NOTICE_WRITES_PER_MINUTE;
    const answers: Answer[] = [];
    for (let i = 0; i <= limit; i += 1) {
      answers.push(
        await call('POST', apiPaths.notices.notice, { cookie, body: noticeBody({ title: `Limit ${i}` }) }),
      );
    }
    expect(new Set(answers.map((answer) => answer.instance)).size).toBe(2);
    expect(answers.map((answer) => answer.status)).toEqual([...Array<number>(limit).fill(201), 429]);
    expect(answers.at(-1)?.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('counts the sign-in attempts of one client address on both instances together', async () => {
    const address = nextAddress();
    const limit = LIMITS.RATE_LIMIT_AUTH_PER_MINUTE;
    const statuses: number[] = [];
    const seen = new Set<number>();
    for (let i = 0; i <= limit; i += 1) {
      const answer = await call('POST', apiPaths.auth.login, {
        address,
        body: { email: `nobody-${i}@example.com` },
      });
      seen.add(answer.instance);
      statuses.push(answer.status);
    }
    expect(seen.size).toBe(2);
    expect(statuses.slice(0, limit)).not.toContain(429);
    expect(statuses.at(-1)).toBe(429);
  });

  it('counts the one-time codes sent to one address on both instances together', async () => {
    const customer = await createCustomer(own.app);
    const limit = LIMITS.SIGN_IN_CODES_PER_ADDRESS;
    const statuses: number[] = [];
    const seen = new Set<number>();
    for (let i = 0; i <= limit; i += 1) {
      const answer = await call('POST', apiPaths.helpdesk.authorizeStart, {
        // Each from another client address: the per-address limit of codes is the one under test.
        address: nextAddress(),
        body: {
          response_type: 'code',
          client_id: 'portal',
          redirect_uri: `${origin()}/zendeskAuth`,
          scope: 'read',
          state: randomBytes(32).toString('base64url'),
          code_challenge: randomBytes(32).toString('base64url'),
          code_challenge_method: 'S256',
          role: 'customer',
          login_hint: customer.email,
        },
      });
      seen.add(answer.instance);
      statuses.push(answer.status);
    }
    expect(seen.size).toBe(2);
    expect(statuses).toEqual([...Array<number>(limit).fill(200), 429]);
  });

  it("caps a user's live streams on both instances together", async () => {
    const customer = await createCustomer(own.app);
    const cookie = await cookieOf(customer, 'customer');
    const [first = 0, second = 0] = instancePorts;
    await streamThrough(first, apiPaths.notices.events, cookie);
    await streamThrough(second, apiPaths.notices.events, cookie);
    for (const port of instancePorts) {
      await steerTo(port);
      // Read as a stream: a third stream let through would otherwise never end.
      const third = await openEventStream(`${origin()}${apiPaths.notices.events}`, { cookie });
      third.close();
      expect(instanceOf(third.headers)).toBe(port);
      expect(third.status).toBe(429);
    }
    // A stream that closes gives its place back, to whichever instance asks next.
    streams.pop()?.close();
    await expect
      .poll(
        async () => {
          await steerTo(first);
          const reader = await openEventStream(`${origin()}${apiPaths.notices.events}`, { cookie });
          streams.push(reader);
          return reader.status;
        },
        { timeout: 5000, interval: 100 },
      )
      .toBe(200);
  });

  it('runs a content sync on one instance only', async () => {
    await expect
      .poll(
        async () => {
          const [row] = await own.app.db
            .select()
            .from(contentSyncState)
            .where(eq(contentSyncState.source, 'community'));
          return row?.lastSuccessAt ?? null;
        },
        { timeout: 15_000, interval: 200 },
      )
      .not.toBeNull();
    const passes = forumbee.log.filter((request) => request.path.startsWith('/api/2/posts'));
    expect(passes.length).toBeGreaterThan(0);
    // Each instance's log is written in batches within a second (src/server/main.ts).
    await new Promise((resolve) => setTimeout(resolve, 1200));
    const synced = instances.map(
      (instance) => instance.lines.filter((line) => line.includes('"content synced"')).length,
    );
    expect(
      synced.reduce((sum, lines) => sum + lines, 0),
      instances.map((i) => i.tail()).join('\n'),
    ).toBe(1);
    // The other instance never asked the vendor: every request the fake saw belongs to that one pass.
    const sameRequests = new Set(
      passes.map((request) => `${request.path}?${new URLSearchParams(request.query)}`),
    );
    expect(sameRequests.size).toBe(passes.length);
  });

  it(
    mode.redis
      ? 'kept the limits and the stream places in Redis, not the database'
      : 'kept the limits and the stream places in the database',
    async () => {
      const [limits] = await own.app.db.select({ rows: count() }).from(rateLimitCounters);
      const [places] = await own.app.db.select({ rows: count() }).from(eventStreamPlaces);
      expect((limits?.rows ?? 0) > 0).toBe(!mode.redis);
      // The streams of the tests above are still open.
      expect((places?.rows ?? 0) > 0).toBe(!mode.redis);
      if (mode.redis) {
        const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
        const inRedis = async (what: string) => (await redis.keys(`${redisPrefix}${what}:*`)).length;
        expect(await inRedis('rate-limit')).toBeGreaterThan(0);
        expect(await inRedis('stream-places')).toBeGreaterThan(0);
        redis.disconnect();
      }
    },
  );
});
