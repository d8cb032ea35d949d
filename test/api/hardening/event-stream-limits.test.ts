import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiPaths } from '../../../src/common/api-paths.js';
import { apiErrorSchema } from '../../../src/common/contracts/api-error.js';
import { eventStreamPlaces, sessions } from '../../../src/server/db/schema/index.js';
import { sha256Hex } from '../../../src/server/lib/tokens.js';
import { postAs, postForEventsAs, type Caller } from '../../support/callers.js';
import { openEventStream, type EventStreamReader } from '../../support/event-stream.js';
import { post, signInWithPassword } from '../../support/auth-flow.js';
import { createAgent, createCustomer, sessionCookie } from '../../support/factories.js';
import { SAME_ORIGIN } from '../../support/http.js';
import { callerOf, createNoticeAs } from '../../support/notices.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';
import { useTestApp } from '../../support/use-test-app.js';

/**
 * Live event streams are bounded: per user and per instance (a 429 JSON answer with Retry-After, before
 * anything is streamed), and they end with their session: at a logout, on every instance, and at the
 * session's end. `Last-Event-ID` is checked against the range of an event id before any query.
 */

const WITHIN_MS = 5000;
const { notices, tickets, assistant } = apiPaths;

const open: EventStreamReader[] = [];
afterEach(() => {
  for (const reader of open.splice(0)) reader.close();
});

async function stream(
  baseUrl: string,
  caller: Caller,
  path: string = notices.events,
  headers: Record<string, string> = {},
): Promise<EventStreamReader> {
  const reader = await openEventStream(`${baseUrl}${path}`, { ...caller.headers, ...headers });
  open.push(reader);
  expect(reader.status).toBe(200);
  return reader;
}

const ready = (reader: EventStreamReader) => reader.next((event) => event.event === 'ready', WITHIN_MS);

/** Resolves once the stream has ended, or fails after `withinMs`. */
async function endsWithin(reader: EventStreamReader, withinMs: number): Promise<void> {
  await expect(reader.next(() => false, withinMs)).rejects.toThrow(/the event stream ended/);
}

/** A stream refused at a cap: 429, JSON, Retry-After; answers the message. */
async function refusedStream(baseUrl: string, caller: Caller, path: string): Promise<string> {
  const res = await fetch(`${baseUrl}${path}`, {
    headers: { accept: 'text/event-stream', ...caller.headers },
  });
  expect(res.status).toBe(429);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  return apiErrorSchema.parse(await res.json()).message;
}

const customerOf = (app: TestApp['app']) => callerOf(app, 'customer');

describe('streams per user', () => {
  const t = useTestApp({ seed: false, env: { STREAMS_PER_USER: '3' } });
  let url = '';
  beforeAll(async () => {
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });

  it('a user past STREAMS_PER_USER gets a 429 JSON on every stream route, the assistant included; others do not', async () => {
    const customer = await customerOf(t.app);
    for (const path of [notices.events, tickets.events, notices.events])
      await ready(await stream(url, customer, path));

    expect(await refusedStream(url, customer, notices.events)).toMatch(/already have 3 live updates open/);
    expect(await refusedStream(url, customer, tickets.events)).toMatch(/already have 3 live updates open/);
    const streamedAnswer = await postForEventsAs(t.app, customer, assistant.messages, {
      text: 'tunnel down',
    });
    expect(streamedAnswer.statusCode, streamedAnswer.body).toBe(429);
    expect(streamedAnswer.headers['retry-after']).toBeDefined();
    expect(apiErrorSchema.parse(streamedAnswer.json()).message).toMatch(/live updates/);
    // A JSON answer holds no stream and is not refused.
    expect((await postAs(t.app, customer, assistant.messages, { text: 'tunnel down' })).statusCode).toBe(200);

    // Another user is not held back by this one.
    await ready(await stream(url, await customerOf(t.app)));
    // A closed stream frees its place.
    open[0]?.close();
    await vi.waitFor(async () => {
      const res = await fetch(`${url}${notices.events}`, { headers: customer.headers });
      await res.body?.cancel();
      expect(res.status).toBe(200);
    });
  });
});

describe('streams per user on several instances', () => {
  const t = useTestApp({ seed: false, env: { STREAMS_PER_USER: '2' } });
  let instanceB: TestApp;
  beforeAll(async () => {
    instanceB = await createTestApp({ sharedDatabase: t.database, env: { STREAMS_PER_USER: '2' } });
  });
  afterAll(async () => {
    await instanceB?.close();
  });

  it("counts a user's streams on every instance together, and a closed one frees its place on all", async () => {
    const urlA = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const urlB = await instanceB.app.listen({ port: 0, host: '127.0.0.1' });
    const customer = await customerOf(t.app);
    await ready(await stream(urlA, customer));
    await ready(await stream(urlB, customer, tickets.events));
    expect(await refusedStream(urlA, customer, notices.events)).toMatch(/already have 2 live updates open/);
    expect(await refusedStream(urlB, customer, notices.events)).toMatch(/already have 2 live updates open/);

    open[1]?.close();
    await vi.waitFor(async () => {
      const res = await fetch(`${urlA}${notices.events}`, { headers: customer.headers });
      await res.body?.cancel();
      expect(res.status).toBe(200);
    });
  });
});

describe('stream places at shutdown', () => {
  const t = useTestApp({ seed: false });

  it("an instance that stops gives its streams' places back at once", async () => {
    const instanceB = await createTestApp({ sharedDatabase: t.database });
    const url = await instanceB.app.listen({ port: 0, host: '127.0.0.1' });
    const customer = await customerOf(t.app);
    const placesOf = async () =>
      (await t.app.db.select().from(eventStreamPlaces).where(eq(eventStreamPlaces.userId, customer.id)))
        .length;
    await ready(await stream(url, customer));
    expect(await placesOf()).toBe(1);
    await instanceB.close();
    expect(await placesOf()).toBe(0);
  });
});

describe('streams per instance', () => {
  const t = useTestApp({ seed: false, env: { STREAMS_PER_INSTANCE: '2' } });

  it('past STREAMS_PER_INSTANCE every user gets a 429 JSON', async () => {
    const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    await ready(await stream(url, await customerOf(t.app)));
    await ready(await stream(url, await customerOf(t.app), tickets.events));
    const message = await refusedStream(url, await customerOf(t.app), notices.events);
    expect(message).toMatch(/as many live updates open as it can take/);
  });
});

describe('streams end with their session', () => {
  const t = useTestApp({ seed: false });
  let instanceB: TestApp;
  let urlA = '';
  let urlB = '';
  beforeAll(async () => {
    instanceB = await createTestApp({ sharedDatabase: t.database });
    urlA = await t.app.listen({ port: 0, host: '127.0.0.1' });
    urlB = await instanceB.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await instanceB?.close();
  });

  it("a logout ends the user's streams within 1 s, on this instance and another; another user's go on", async () => {
    const leaving = await customerOf(t.app);
    const staying = await customerOf(t.app);
    const admin = await callerOf(t.app, 'admin');
    const here = await stream(urlA, leaving);
    const there = await stream(urlB, leaving, tickets.events);
    const other = await stream(urlB, staying);
    await Promise.all([ready(here), ready(there), ready(other)]);

    const res = await t.app.inject({
      method: 'POST',
      url: apiPaths.aggregator.logoutCustomer,
      headers: { ...SAME_ORIGIN, ...leaving.headers },
    });
    expect(res.statusCode, res.body).toBe(200);
    await Promise.all([endsWithin(here, 1000), endsWithin(there, 1000)]);

    const created = await createNoticeAs(t.app, admin);
    const heard = await other.next((event) => event.event === 'notice', WITHIN_MS);
    expect(heard.data).toContain(created.Notice_ID);
  });

  it("a new sign-in in the same browser ends the replaced session's streams, here and on another instance", async () => {
    const agent = await createAgent(t.app);
    const browser = await signInWithPassword(t.app, agent.email, agent.password);
    const before = { id: agent.id, email: agent.email, name: agent.name, headers: browser.jar.header() };
    const here = await stream(urlA, before, tickets.events);
    const there = await stream(urlB, before);
    await Promise.all([ready(here), ready(there)]);

    // The browser still sends the old cookie: the sign-in deletes that session and sets a new one.
    const res = await post(browser, '/api/zendesk/authenticate', { user: agent.email, pass: agent.password });
    expect(res.statusCode, res.body).toBe(200);
    await Promise.all([endsWithin(here, 1000), endsWithin(there, 1000)]);
  });

  it('a stream ends at the absolute end of its session', async () => {
    const user = await createCustomer(t.app);
    const { cookie, token } = await sessionCookie(t.app, { id: user.id, role: 'customer' });
    const endsAt = new Date(Date.now() + 1500);
    await t.app.db
      .update(sessions)
      .set({ expiresAt: endsAt })
      .where(eq(sessions.id, sha256Hex(token)));
    const reader = await stream(urlA, {
      id: user.id,
      email: user.email,
      name: user.name,
      headers: { cookie },
    });
    await ready(reader);
    await endsWithin(reader, 1500 + WITHIN_MS);
    expect(Date.now()).toBeGreaterThanOrEqual(endsAt.getTime() - 50);
  });
});

describe('Last-Event-ID', () => {
  const t = useTestApp({ seed: false });
  let url = '';
  beforeAll(async () => {
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });

  it('beyond an event id (2^31-1) is a 400 JSON on both stream routes, not a database error', async () => {
    const customer = await customerOf(t.app);
    for (const path of [notices.events, tickets.events]) {
      for (const id of ['999999999999', '2147483648', '-1', '12345678901']) {
        const res = await fetch(`${url}${path}`, { headers: { ...customer.headers, 'last-event-id': id } });
        expect(res.status, `${path} ${id}`).toBe(400);
        expect(res.headers.get('content-type')).toMatch(/^application\/json/);
        expect(apiErrorSchema.parse(await res.json()).message).toMatch(/last-event-id/);
      }
    }
  });

  it('2147483647 and 0 (a stream that had sent nothing yet) are accepted', async () => {
    const customer = await customerOf(t.app);
    for (const path of [notices.events, tickets.events]) {
      for (const id of ['2147483647', '0']) {
        const reader = await stream(url, customer, path, { 'last-event-id': id });
        reader.close();
      }
    }
  });
});
