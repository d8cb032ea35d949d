import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../../src/common/api-paths.js';
import { noticeEventSchema } from '../../../src/common/contracts/notices.js';
import { openEventStream, type EventStreamReader } from '../../support/event-stream.js';
import { callerOf, createNoticeAs, postAs, type Caller } from '../../support/notices.js';
import type { DatabaseHandle } from '../../../src/server/db/client.js';
import { NOTICE_CHANNEL } from '../../../src/server/services/notices/notice-events.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';
import type { TestDatabase } from '../../support/test-db.js';
import { useTestApp } from '../../support/use-test-app.js';

/**
 * Live delivery: a notice change reaches a page connected to any instance within 5 seconds,
 * through PostgreSQL LISTEN/NOTIFY (on PGlite, within the one process that holds the database), and a stream
 * that reconnects catches up on what it missed.
 */

const WITHIN_MS = 5000;
const t = useTestApp({ seed: false });
let instanceB: TestApp;
let urlA = '';
let urlB = '';
let admin: Caller;
let customer: Caller;
const open: EventStreamReader[] = [];

beforeAll(async () => {
  instanceB = await createTestApp({ sharedDatabase: t.database });
  urlA = await t.app.listen({ port: 0, host: '127.0.0.1' });
  urlB = await instanceB.app.listen({ port: 0, host: '127.0.0.1' });
  admin = await callerOf(t.app, 'admin');
  customer = await callerOf(t.app, 'customer');
});

afterAll(async () => {
  for (const stream of open) stream.close();
  await instanceB?.close();
});

async function stream(baseUrl: string, headers: Record<string, string> = {}): Promise<EventStreamReader> {
  const reader = await openEventStream(`${baseUrl}${apiPaths.notices.events}`, {
    ...customer.headers,
    ...headers,
  });
  open.push(reader);
  expect(reader.status).toBe(200);
  return reader;
}

/** `target` with `method` delayed until `before(...its arguments)` settles (and failing when it fails). */
function delayed<T extends object>(
  target: T,
  method: keyof T,
  before: (...args: unknown[]) => Promise<void>,
): T {
  return new Proxy(target, {
    get(object, property) {
      const value: unknown = Reflect.get(object, property, object);
      if (typeof value !== 'function') return value;
      // Bound to the real object: PGlite keeps its state in private fields a proxy does not have.
      const bound = (value as (...args: unknown[]) => unknown).bind(object);
      if (property !== method) return bound;
      return async (...args: unknown[]) => {
        await before(...args);
        return bound(...args);
      };
    },
  });
}

/**
 * The shared database as another instance sees it, with its first step towards LISTEN on the notice channel
 * (opening the listening connection on PostgreSQL, which every channel shares; PGlite's `listen` of that
 * channel) held by `before` each time it is taken.
 */
function withListenHeld(database: TestDatabase, before: () => Promise<void>): TestDatabase {
  const { handle } = database;
  const held: DatabaseHandle =
    handle.driver === 'pglite'
      ? {
          ...handle,
          client: delayed(handle.client, 'listen', async (channel) => {
            if (channel === NOTICE_CHANNEL) await before();
          }),
        }
      : { ...handle, unboundedClient: () => delayed(handle.unboundedClient(), 'connect', before) };
  return { ...database, handle: held };
}

/** A promise and its resolve, for a test to open a gate when it chooses. */
function gate(): { opened: Promise<void>; open: () => void } {
  let open = (): void => undefined;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

const isNotice = (noticeId: string, action: string) => (event: { event: string; data: string }) =>
  event.event === 'notice' &&
  noticeEventSchema.parse(JSON.parse(event.data)).noticeId === noticeId &&
  noticeEventSchema.parse(JSON.parse(event.data)).action === action;

describe(`live notice changes (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('a page on instance B hears of a notice created, updated and deleted through instance A', async () => {
    const onB = await stream(urlB);
    await onB.next((event) => event.event === 'ready', WITHIN_MS);

    const created = await createNoticeAs(t.app, admin);
    const startedAt = Date.now();
    await onB.next(isNotice(created.Notice_ID, 'created'), WITHIN_MS);
    expect(Date.now() - startedAt).toBeLessThan(WITHIN_MS);

    await postAs(t.app, admin, apiPaths.notices.notice, {
      Notice_ID: created.Notice_ID,
      title: created.title,
      description: '<p>changed</p>',
      startDate: created.startDate,
      endDate: created.endDate,
      type: created.type,
    });
    await onB.next(isNotice(created.Notice_ID, 'updated'), WITHIN_MS);
    await postAs(t.app, admin, apiPaths.notices.deleteNotice, { Notice_ID: created.Notice_ID });
    await onB.next(isNotice(created.Notice_ID, 'deleted'), WITHIN_MS);
  });

  it('a stream that reconnects with Last-Event-ID gets what it missed, in order', async () => {
    const first = await stream(urlA);
    const ready = await first.next((event) => event.event === 'ready', WITHIN_MS);
    first.close();
    const missedA = await createNoticeAs(t.app, admin);
    const missedB = await createNoticeAs(instanceB.app, admin);

    const again = await stream(urlB, { 'last-event-id': ready.id ?? '' });
    const one = await again.next((event) => event.event === 'notice', WITHIN_MS);
    const two = await again.next((event) => event.event === 'notice', WITHIN_MS);
    expect([one, two].map((event) => noticeEventSchema.parse(JSON.parse(event.data)).noticeId)).toEqual([
      missedA.Notice_ID,
      missedB.Notice_ID,
    ]);
    expect(Number(two.id)).toBeGreaterThan(Number(one.id));
  });

  it('a stream says ready only once its instance listens, so a change made right after arrives', async () => {
    const reached = gate();
    const release = gate();
    const late = await createTestApp({
      sharedDatabase: withListenHeld(t.database, async () => {
        reached.open();
        await release.opened;
      }),
    });
    try {
      const reader = await stream(await late.app.listen({ port: 0, host: '127.0.0.1' }));
      await reached.opened;
      // A ready sent now would be a promise the instance cannot keep: a change committed before its LISTEN
      // is active never reaches it, and the page that heard ready would never learn of that change.
      await expect(reader.next((event) => event.event === 'ready', 500)).rejects.toThrow(/no matching/);
      release.open();
      await reader.next((event) => event.event === 'ready', WITHIN_MS);
      const created = await createNoticeAs(t.app, admin);
      await reader.next(isNotice(created.Notice_ID, 'created'), WITHIN_MS);
    } finally {
      release.open();
      await late.close();
    }
  });

  it('a stream whose LISTEN fails ends without ready, and the next stream listens again', async () => {
    let attempts = 0;
    const flaky = await createTestApp({
      sharedDatabase: withListenHeld(t.database, async () => {
        attempts += 1;
        if (attempts === 1) throw new Error('the database is unreachable');
      }),
    });
    try {
      const url = await flaky.app.listen({ port: 0, host: '127.0.0.1' });
      const failed = await stream(url);
      await expect(failed.next((event) => event.event === 'ready', WITHIN_MS)).rejects.toThrow(/ended/);
      const next = await stream(url);
      await next.next((event) => event.event === 'ready', WITHIN_MS);
      const created = await createNoticeAs(t.app, admin);
      await next.next(isNotice(created.Notice_ID, 'created'), WITHIN_MS);
    } finally {
      await flaky.close();
    }
  });

  it('a bad Last-Event-ID is a 400', async () => {
    const res = await fetch(`${urlA}${apiPaths.notices.events}`, {
      headers: { ...customer.headers, 'last-event-id': '1; drop table notices' },
    });
    expect(res.status).toBe(400);
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'when the listening connection drops, the stream says resync and later changes still arrive',
    async () => {
      const onA = await stream(urlA);
      await onA.next((event) => event.event === 'ready', WITHIN_MS);
      const superuser = new pg.Client({ connectionString: t.database.url });
      await superuser.connect();
      try {
        const { rowCount } = await superuser.query(
          `select pg_terminate_backend(pid) from pg_stat_activity
            where datname = current_database() and query like 'listen %' and pid <> pg_backend_pid()`,
        );
        expect(rowCount).toBeGreaterThan(0);
      } finally {
        await superuser.end();
      }
      await onA.next((event) => event.event === 'resync', WITHIN_MS * 2);
      const later = await createNoticeAs(t.app, admin);
      await onA.next(isNotice(later.Notice_ID, 'created'), WITHIN_MS);
    },
  );

  it('closing the app ends its open streams instead of waiting for them', async () => {
    const third = await createTestApp({ sharedDatabase: t.database });
    const url = await third.app.listen({ port: 0, host: '127.0.0.1' });
    const reader = await stream(url);
    await reader.next((event) => event.event === 'ready', WITHIN_MS);
    const started = Date.now();
    await third.close();
    expect(Date.now() - started).toBeLessThan(3000);
    await expect(reader.next(() => true, 1000)).rejects.toThrow(/ended/);
  });
});
